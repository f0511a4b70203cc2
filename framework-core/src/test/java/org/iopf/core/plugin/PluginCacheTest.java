package org.iopf.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class PluginCacheTest {
    @TempDir
    Path work;

    private Path zip(String name, String... namesAndContents) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (int i = 0; i < namesAndContents.length; i += 2) {
                zip.putNextEntry(new ZipEntry(namesAndContents[i]));
                zip.write(namesAndContents[i + 1].getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return Files.write(work.resolve(name), bytes.toByteArray());
    }

    @Test
    void aZipIsExtractedIntoAFolderNamedByItsContentNeverBesideIt() throws IOException {
        Path zip = zip("foo.zip", "plugin.properties", "plugin.id=foo\n", "lib/a.txt", "a");
        PluginCache cache = new PluginCache(work.resolve("cache"));

        Path folder = cache.extract(zip);

        assertThat(folder.getParent()).isEqualTo(cache.root());
        assertThat(folder.getFileName().toString()).isEqualTo(PluginCache.sha256(zip)).hasSize(64);
        assertThat(folder.resolve("lib/a.txt")).hasContent("a");
        assertThat(work.resolve("foo")).doesNotExist();
        try (Stream<Path> left = Files.list(cache.root())) {
            // no temporary folder is left behind (.hashes: the memo of zips' hashes)
            assertThat(left.filter(p -> !p.getFileName().toString().equals(".hashes"))).containsExactly(folder);
        }
    }

    @Test
    void anUnchangedZipIsNotHashedAgainButAChangedOneIs() throws IOException {
        Path zip = zip("foo.zip", "plugin.properties", "plugin.id=foo\n");
        PluginCache cache = new PluginCache(work.resolve("cache"), 0);
        cache.extract(zip);
        Path memo;
        try (Stream<Path> memos = Files.list(cache.root().resolve(".hashes"))) {
            memo = memos.collect(java.util.stream.Collectors.toList()).get(0);
        }
        String forged = "0".repeat(64);
        Files.write(memo, List.of(Files.readAllLines(memo).get(0), forged));

        // trusted without hashing: the forged hash names the folder
        assertThat(cache.extract(zip).getFileName().toString()).isEqualTo(forged);

        // same size; replaced as a build or copy does (another file renamed over it: another inode)
        Path changed = Files.move(zip("other.zip", "plugin.properties", "plugin.id=bar\n"), zip,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThat(cache.extract(changed).getFileName().toString()).isEqualTo(PluginCache.sha256(changed));
    }

    @Test
    void aZipChangedMomentsAgoIsHashedWithoutAMemo() throws IOException {
        PluginCache cache = new PluginCache(work.resolve("cache"));

        cache.extract(zip("foo.zip", "plugin.properties", "plugin.id=foo\n"));

        assertThat(cache.root().resolve(".hashes")).doesNotExist();
    }

    @Test
    void twoZipsWithTheSameContentShareAFolderAndAChangedZipGetsANewOne() throws IOException {
        PluginCache cache = new PluginCache(work.resolve("cache"));
        Path first = cache.extract(zip("a.zip", "plugin.properties", "plugin.id=foo\n"));
        Path same = cache.extract(zip("b.zip", "plugin.properties", "plugin.id=foo\n"));
        Path changed = cache.extract(zip("a.zip", "plugin.properties", "plugin.id=foo\nplugin.version=2\n"));

        assertThat(same).isEqualTo(first);
        assertThat(changed).isNotEqualTo(first);
        assertThat(first.resolve("plugin.properties")).hasContent("plugin.id=foo");
    }

    @Test
    void manyThreadsExtractingOneZipAtOnceAllSeeTheCompleteFolder() throws Exception {
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            entries.add("lib/f" + i + ".txt");
            entries.add("content " + i);
        }
        Path zip = zip("many.zip", entries.toArray(String[]::new));
        PluginCache cache = new PluginCache(work.resolve("cache"));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Path>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(pool.submit(() -> {
                    start.await();
                    Path folder = cache.extract(zip);
                    try (Stream<Path> files = Files.list(folder.resolve("lib"))) {
                        assertThat(files.count()).isEqualTo(200);
                    }
                    return folder;
                }));
            }
            start.countDown();
            Path expected = results.get(0).get();
            for (Future<Path> result : results) {
                assertThat(result.get()).isEqualTo(expected);
            }
        } finally {
            pool.shutdownNow();
        }
        try (Stream<Path> left = Files.list(cache.root())) {
            assertThat(left).hasSize(1);
        }
    }

    @Test
    void anEntryThatEscapesTheFolderIsRefusedAndNothingIsWrittenOutsideTheCache() throws IOException {
        Path zip = zip("evil.zip", "plugin.properties", "plugin.id=evil\n", "../../escaped.txt", "gotcha");
        PluginCache cache = new PluginCache(work.resolve("deep/cache"));

        assertThatThrownBy(() -> cache.extract(zip)).isInstanceOf(PluginHostException.class)
                .hasMessage("evil.zip has an entry '../../escaped.txt' that escapes the plugin's folder; refused");
        assertThat(work.resolve("escaped.txt")).doesNotExist();
        assertThat(work.resolve("deep/escaped.txt")).doesNotExist();
        try (Stream<Path> left = Files.list(cache.root())) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void anAbsoluteEntryIsRefused() throws IOException {
        Path zip = zip("abs.zip", "/tmp/abs.txt", "x");
        assertThatThrownBy(() -> new PluginCache(work.resolve("cache")).extract(zip))
                .hasMessageContaining("abs.zip has an entry '/tmp/abs.txt' that escapes the plugin's folder");
    }

    @Test
    void aFileThatIsNoZipAndAnEmptyZipAreRefusedWithOneLine() throws IOException {
        Path garbage = Files.write(work.resolve("garbage.zip"), new byte[] {1, 2, 3, 4, 5});
        byte[] endOfCentralDirectoryOnly = new byte[22];
        endOfCentralDirectoryOnly[0] = 'P';
        endOfCentralDirectoryOnly[1] = 'K';
        endOfCentralDirectoryOnly[2] = 5;
        endOfCentralDirectoryOnly[3] = 6;
        Path empty = Files.write(work.resolve("empty.zip"), endOfCentralDirectoryOnly);
        PluginCache cache = new PluginCache(work.resolve("cache"));

        assertThatThrownBy(() -> cache.extract(garbage)).isInstanceOf(PluginHostException.class)
                .hasMessage("garbage.zip is not a readable zip: zip END header not found");
        assertThatThrownBy(() -> cache.extract(empty)).hasMessageEndingWith("empty.zip is an empty zip");
    }

    @Test
    void theCacheGoesWhereTheUserSaysElseUnderTheirCacheDirectory() {
        assertThat(PluginCache.defaultRoot("/p", "/v", "/x", "/home/u")).isEqualTo(Path.of("/p"));
        assertThat(PluginCache.defaultRoot(null, "/v", "/x", "/home/u")).isEqualTo(Path.of("/v"));
        assertThat(PluginCache.defaultRoot(null, " ", "/x", "/home/u")).isEqualTo(Path.of("/x/iopf/plugins"));
        assertThat(PluginCache.defaultRoot(null, null, null, "/home/u"))
                .isEqualTo(Path.of("/home/u/.cache/iopf/plugins"));
    }
}
