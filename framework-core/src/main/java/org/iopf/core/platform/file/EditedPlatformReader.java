package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.iopf.core.platform.Scenario;

/**
 * Reads a platform file's document with {@link TreeEdit}s in place, by the same
 * {@link PlatformFileReader} that reads the file alone, so an edited value is checked exactly as
 * if it were written in the file. An error is placed where the edit that caused it came from: at
 * the edit's own text when it lies in the edited value or on the way to it, else at the edit
 * nearest to it in the document, with the file's position of what the error is about.
 */
final class EditedPlatformReader {
    private final PlatformFileReader reader;

    /**
     * A reader that checks with {@code reader}.
     *
     * @param reader the platform file reader, not null
     */
    EditedPlatformReader(PlatformFileReader reader) {
        this.reader = requireNonNull(reader, "reader is null");
    }

    /**
     * The scenario of {@code root} with {@code edits} in place.
     *
     * @param source the platform file's name, for {@link Scenario#source()} and errors not caused by
     *     an edit
     * @throws RuntimeException from an edit's origin, or a {@link PlatformFileException} of the file
     */
    Scenario read(String source, YamlNode.Mapping root, List<TreeEdit> edits) {
        YamlNode.Mapping edited = TreeEditor.apply(root, edits);
        try {
            return reader.read(source, edited);
        } catch (PlatformFileException e) {
            if (edits.isEmpty()) {
                throw e;
            }
            throw relocate(e, edits);
        }
    }

    private static RuntimeException relocate(PlatformFileException e, List<TreeEdit> edits) {
        String path = e.path();
        List<TreeEdit> deepestFirst = new ArrayList<>(edits);
        deepestFirst.sort(Comparator.comparingInt((TreeEdit t) -> t.path().segments().size()).reversed());
        for (TreeEdit edit : deepestFirst) {
            if (PlatformPath.within(path, edit.path().text())) {
                return edit.origin().error(path, e.line(), e.column(), e.problem());
            }
        }
        for (TreeEdit edit : deepestFirst) {
            if (PlatformPath.within(edit.path().text(), path)) {
                return edit.origin().error(path, e.problem());
            }
        }
        TreeEdit nearest = deepestFirst.stream()
                .max(Comparator.comparingInt((TreeEdit t) -> commonPrefix(t.path().text(), path))).orElseThrow();
        return nearest.origin().error(path, e.problem() + " (" + e.file() + ":" + e.line() + ":" + e.column()
                + ", with " + nearest.path().text() + " = " + nearest.valueText() + ")");
    }

    private static int commonPrefix(String a, String b) {
        int n = 0;
        while (n < a.length() && n < b.length() && a.charAt(n) == b.charAt(n)) {
            n++;
        }
        return n;
    }
}
