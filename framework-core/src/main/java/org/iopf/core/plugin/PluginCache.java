package org.iopf.core.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * The folder where plugin zips are extracted: one sub-folder per zip <em>content</em>, named by the
 * zip's SHA-256, never beside the zip. A zip is extracted into a private temporary folder and
 * renamed into place atomically, so any number of processes and threads may extract and load the
 * same zip at once: each sees either nothing or a complete folder, and a folder, once there, never
 * changes. The cache holds only what it wrote; deleting it while no iopf process runs is harmless.
 *
 * <p>{@code .hashes/} remembers each zip's SHA-256 with the file's stat data (path, inode, size,
 * modification and status-change times), so that a start does not hash unchanged zips again.
 *
 * <p>Beside each folder, {@code <sha256>.types} records what the plugin declared when it last
 * started from that content ({@link PluginTypes}); like the folder, it is written under a private
 * name and renamed into place, and it depends on the content alone.
 *
 * <p>A zip is refused (with a one-line reason) when it is not a zip, is empty, has an entry whose
 * name escapes its folder ({@code ../}, an absolute path), or would expand beyond
 * {@value #MAX_ENTRIES} entries or {@value #MAX_EXPANDED_BYTES} bytes.
 *
 * @since 0.1
 */
public final class PluginCache {
    /** The environment variable that moves the cache. */
    public static final String LOCATION_VARIABLE = "IOPF_CACHE_DIR";
    /** The system property that moves the cache; it wins over the variable. */
    public static final String LOCATION_PROPERTY = "iopf.cache.dir";
    static final int MAX_ENTRIES = 100_000;
    static final long MAX_EXPANDED_BYTES = 1L << 30;
    private static final String TEMPORARY_PREFIX = ".extracting-";

    /** A zip changed more recently than this is hashed without a memo (it might change again within the file system's time step). */
    static final long RACY_NANOS = 2_000_000_000L;

    private final Path root;
    private final long racyNanos;

    /** A cache in {@code root} (created when first needed). */
    public PluginCache(Path root) {
        this(root, RACY_NANOS);
    }

    /** A cache that memoizes the hash of zips changed more than {@code racyNanos} ago (tests: 0). */
    PluginCache(Path root, long racyNanos) {
        this.root = Objects.requireNonNull(root, "root is null").toAbsolutePath().normalize();
        this.racyNanos = racyNanos;
    }

    /**
     * The user's cache: {@value #LOCATION_PROPERTY} or {@value #LOCATION_VARIABLE} if set, else
     * {@code $XDG_CACHE_HOME/iopf/plugins}, else {@code ~/.cache/iopf/plugins}.
     */
    public static PluginCache forUser() {
        return new PluginCache(defaultRoot(System.getProperty(LOCATION_PROPERTY), System.getenv(LOCATION_VARIABLE),
                System.getenv("XDG_CACHE_HOME"), System.getProperty("user.home")));
    }

    static Path defaultRoot(String property, String variable, String xdgCacheHome, String userHome) {
        for (String explicit : new String[] {property, variable}) {
            if (explicit != null && !explicit.isBlank()) {
                return Path.of(explicit);
            }
        }
        Path base = xdgCacheHome != null && !xdgCacheHome.isBlank() ? Path.of(xdgCacheHome)
                : Path.of(userHome, ".cache");
        return base.resolve("iopf").resolve("plugins");
    }

    /** The cache folder. */
    public Path root() {
        return root;
    }

    /** Whether iopf extracts this file (a {@code .zip}) rather than loading it in place. */
    static boolean isZip(Path path) {
        return path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".zip") && Files.isRegularFile(path);
    }

    /**
     * The folder holding this zip's content, extracting it first if no process has yet.
     *
     * @throws PluginHostException if the zip cannot be read or is refused (the message says why)
     */
    public Path extract(Path zip) {
        String hash = contentHash(zip);
        Path target = root.resolve(hash);
        if (Files.isDirectory(target)) {
            return target;
        }
        Path temporary = null;
        try {
            Files.createDirectories(root);
            temporary = Files.createTempDirectory(root, TEMPORARY_PREFIX + hash.substring(0, 12) + "-");
            unzip(zip, temporary);
            moveIntoPlace(temporary, target);
            return target;
        } catch (IOException e) {
            throw new PluginHostException("cannot extract " + zip.getFileName() + " into " + root + ": "
                    + describe(e), e);
        } finally {
            if (temporary != null) {
                deleteTree(temporary);
            }
        }
    }

    /**
     * What the plugin extracted into {@code extracted} declared when it last started, if a start
     * recorded it; empty for a folder that is not one of this cache's, or a record that cannot be read.
     */
    public Optional<PluginTypes> types(Path extracted) {
        Path record = typesRecord(extracted);
        if (record == null || !Files.isRegularFile(record)) {
            return Optional.empty();
        }
        try (java.io.Reader in = Files.newBufferedReader(record, java.nio.charset.StandardCharsets.ISO_8859_1)) {
            return PluginTypes.parse(in);
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // unreadable: the plugin is then loaded as if never started
        }
    }

    /**
     * Records what the plugin extracted into {@code extracted} declared when it started, unless
     * already recorded as that. Best effort: a cache that cannot be written only costs later
     * processes the start of the plugin.
     */
    public void recordTypes(Path extracted, PluginTypes types) {
        Path record = typesRecord(extracted);
        if (record == null || types(extracted).equals(Optional.of(types))) {
            return;
        }
        writeBestEffort(root, ".types", record, types.format(), java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** {@code <root>/<sha256>.types} for a folder {@code <root>/<sha256>} of this cache, else null. */
    private Path typesRecord(Path extracted) {
        Path folder = extracted.toAbsolutePath().normalize();
        if (!root.equals(folder.getParent()) || folder.getFileName().toString().startsWith(".")) {
            return null;
        }
        return root.resolve(folder.getFileName() + ".types");
    }

    private static void moveIntoPlace(Path temporary, Path target) throws IOException {
        try {
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // another process or thread put the same content there first (ours is deleted); else a real failure
            if (!Files.isDirectory(target)) {
                throw e;
            }
        }
    }

    private static void unzip(Path zip, Path into) throws IOException {
        try (ZipFile file = new ZipFile(zip.toFile())) {
            if (file.size() == 0) {
                throw new PluginHostException(zip.getFileName() + " is an empty zip");
            }
            if (file.size() > MAX_ENTRIES) {
                throw new PluginHostException(zip.getFileName() + " has " + file.size() + " entries; at most "
                        + MAX_ENTRIES + " are accepted");
            }
            long expanded = 0;
            Enumeration<? extends ZipEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                Path target = inside(into, entry.getName(), zip);
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                    continue;
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = file.getInputStream(entry); OutputStream out = Files.newOutputStream(target)) {
                    expanded += copyBounded(in, out, MAX_EXPANDED_BYTES - expanded, zip);
                }
            }
        } catch (ZipException e) {
            throw new PluginHostException(zip.getFileName() + " is not a readable zip: " + e.getMessage(), e);
        }
    }

    /** Where an entry goes; refuses a name that would land outside {@code into}. */
    private static Path inside(Path into, String name, Path zip) {
        Path target;
        try {
            target = into.resolve(name).normalize();
        } catch (RuntimeException e) {
            throw new PluginHostException(zip.getFileName() + " has an entry with an unusable name '"
                    + printable(name) + "'");
        }
        if (name.startsWith("/") || name.startsWith("\\") || !target.startsWith(into) || target.equals(into)) {
            throw new PluginHostException(zip.getFileName() + " has an entry '" + printable(name)
                    + "' that escapes the plugin's folder; refused");
        }
        return target;
    }

    private static long copyBounded(InputStream in, OutputStream out, long budget, Path zip) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long copied = 0;
        int n;
        while ((n = in.read(buffer)) > 0) {
            copied += n;
            if (copied > budget) {
                throw new PluginHostException(zip.getFileName() + " expands beyond " + MAX_EXPANDED_BYTES
                        + " bytes; refused");
            }
            out.write(buffer, 0, n);
        }
        return copied;
    }

    /**
     * The SHA-256 of {@code zip}, taken from {@code .hashes/} in the cache when the file is the one
     * hashed then: same path, inode, size, modification and status-change times (as git's index
     * trusts a file's stat data). Hashing the stock zips costs a start some 80 ms, most of it
     * before the JIT compiles the digest. A file whose identity cannot be read is hashed every time;
     * the memo is written under a private name and renamed into place.
     */
    String contentHash(Path zip) {
        String identity = identity(zip);
        if (identity == null) {
            return sha256(zip);
        }
        long changed = Math.max(Long.parseLong(identity.split("\\|")[3]), Long.parseLong(identity.split("\\|")[4]));
        Path memos = root.resolve(".hashes");
        String name = zip.getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "_") + "-"
                + Integer.toHexString(identity.hashCode());
        Path memo = memos.resolve(name);
        try {
            java.util.List<String> lines = Files.readAllLines(memo, java.nio.charset.StandardCharsets.UTF_8);
            if (lines.size() == 2 && lines.get(0).equals(identity) && lines.get(1).matches("[0-9a-f]{64}")) {
                return lines.get(1);
            }
        } catch (IOException | RuntimeException e) {
            // no memo yet, or unreadable: hash
        }
        String hash = sha256(zip);
        if (System.currentTimeMillis() * 1_000_000L - changed <= racyNanos) {
            return hash; // too recent to trust its times (as git's "racily clean" entries)
        }
        try {
            Files.createDirectories(memos);
        } catch (IOException e) {
            return hash; // best effort: the next start hashes again
        }
        writeBestEffort(memos, ".sha256", memo, identity + "\n" + hash + "\n", java.nio.charset.StandardCharsets.UTF_8);
        return hash;
    }

    /**
     * Writes {@code text} to {@code target} through a temporary file in {@code folder} and an atomic
     * rename, so a concurrent reader sees the old file or the new one, never a part; a failure leaves
     * no temporary file behind and is ignored (what it records is found again at the next start).
     */
    private static void writeBestEffort(Path folder, String suffix, Path target, String text,
            java.nio.charset.Charset charset) {
        Path temporary = null;
        try {
            temporary = Files.createTempFile(folder, TEMPORARY_PREFIX, suffix);
            Files.writeString(temporary, text, charset);
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            temporary = null;
        } catch (IOException | RuntimeException e) {
            // best effort (see the method's description)
        } finally {
            if (temporary != null) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException e) {
                    // a temporary file of ours; never read
                }
            }
        }
    }

    /** The file's path, inode, size and times (ns), or null where the system does not tell them. */
    private static String identity(Path file) {
        try {
            java.util.Map<String, Object> unix = Files.readAttributes(file, "unix:ino,ctime,size,lastModifiedTime");
            Object ctime = unix.get("ctime");
            Object modified = unix.get("lastModifiedTime");
            if (!(ctime instanceof java.nio.file.attribute.FileTime c) || !(modified instanceof java.nio.file.attribute.FileTime m)
                    || file.toAbsolutePath().toString().contains("|")) {
                return null;
            }
            return file.toAbsolutePath().normalize() + "|" + unix.get("ino") + "|" + unix.get("size") + "|"
                    + m.to(java.util.concurrent.TimeUnit.NANOSECONDS) + "|" + c.to(java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The SHA-256 of a plugin's zip or jar in lower-case hex: the name of its folder in the cache,
     * and what a run's record names it by.
     *
     * @throws java.io.UncheckedIOException if the file cannot be read
     */
    public static String sha256(Path file) {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest())) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (IOException e) {
            throw new PluginHostException("cannot read " + file + ": " + describe(e), e);
        }
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    private static void deleteTree(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            // a temporary folder of ours that could not be removed; it is never loaded
        }
    }

    static String printable(String text) {
        StringBuilder out = new StringBuilder();
        text.codePoints().limit(200).forEach(c -> {
            if (Character.isISOControl(c)) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }

    private static String describe(IOException e) {
        return Optional.ofNullable(e.getMessage()).map(m -> e.getClass().getSimpleName() + ": " + m)
                .orElse(e.getClass().getSimpleName());
    }
}
