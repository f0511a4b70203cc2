package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.parser.Parser;
import org.snakeyaml.engine.v2.parser.ParserImpl;
import org.snakeyaml.engine.v2.scanner.StreamReader;

/**
 * Reads YAML text into a tree of {@link YamlNode}s from SnakeYAML Engine's events, keeping line
 * and column of every key and value. One document only; a key given twice in one mapping, an
 * alias, nesting deeper than {@value #MAX_DEPTH} levels, a character YAML does not allow and a
 * syntax error are {@link PlatformFileException}s.
 *
 * <p>Reading is linear in the text's size. SnakeYAML's stream reader copies the unread part of
 * its window each time it refills its buffer, so with the default 1 KiB buffer a scalar of n
 * characters costs n²/1024 copies (a 2 MiB scalar took 31 s); here the buffer holds the whole
 * text, so the window is filled once.
 */
final class YamlTreeReader {
    /**
     * The deepest nesting of mappings and lists a file may have: ten times what a platform file
     * needs, and shallow enough that the recursive tree building never nears the stack's end.
     */
    static final int MAX_DEPTH = 100;

    private final String source;

    /**
     * A reader whose errors name {@code source}.
     *
     * @param source the file's name for messages, not null
     */
    YamlTreeReader(String source) {
        this.source = requireNonNull(source, "source is null");
    }

    /**
     * The document in {@code text}.
     *
     * @throws PlatformFileException if it is empty, not valid YAML, holds more than one document, a
     *     duplicate key, an alias, a character YAML does not allow or nesting deeper than
     *     {@value #MAX_DEPTH}
     */
    YamlNode read(String text) {
        requireNonNull(text, "text is null");
        return read(text, new StringReader(text));
    }

    /**
     * The document in {@code text}, as {@code chars} delivers it (a test counts its reads).
     *
     * @param text the whole text, for the buffer's size and the position of a bad character
     * @param chars the same text as a stream
     */
    YamlNode read(String text, Reader chars) {
        LoadSettings settings = LoadSettings.builder().setLabel(source).setUseMarks(true)
                .setBufferSize(text.length() + 2).setCodePointLimit(Integer.MAX_VALUE).build();
        Parser parser = new ParserImpl(settings, new StreamReader(settings, chars));
        try {
            parser.next();
            Event first = parser.next();
            if (first.getEventId() == Event.ID.StreamEnd) {
                throw new PlatformFileException(source, 1, 1, "",
                        "the file holds no YAML document; expected a mapping with 'nodes' and 'workload'");
            }
            YamlNode root = value(parser, parser.next(), "", 1);
            parser.next();
            Event after = parser.next();
            if (after.getEventId() != Event.ID.StreamEnd) {
                Mark m = mark(after);
                throw new PlatformFileException(source, m.line(), m.column(), "",
                        "a second YAML document; expected one document per file");
            }
            return root;
        } catch (ReaderException e) {
            throw badCharacter(e, text);
        } catch (MarkedYamlEngineException e) {
            throw syntaxError(e);
        } catch (YamlEngineException e) {
            throw new PlatformFileException(source, 1, 1, "", "unreadable YAML: " + firstLine(e.getMessage())
                    + "; expected valid YAML");
        }
    }

    private YamlNode value(Parser parser, Event event, String path, int depth) {
        Mark mark = mark(event);
        return switch (event.getEventId()) {
            case MappingStart -> mapping(parser, mark, path, deeper(mark, path, depth));
            case SequenceStart -> sequence(parser, mark, path, deeper(mark, path, depth));
            case Scalar -> scalar((ScalarEvent) event, mark, path);
            case Alias -> throw new PlatformFileException(source, mark.line(), mark.column(), path,
                    "alias '*" + ((AliasEvent) event).getAlias().getValue() + "' is not supported; expected the value written out");
            default -> throw new PlatformFileException(source, mark.line(), mark.column(), path,
                    "unexpected YAML event " + event.getEventId() + "; expected a mapping, a list or a scalar");
        };
    }

    private int deeper(Mark mark, String path, int depth) {
        if (depth > MAX_DEPTH) {
            throw new PlatformFileException(source, mark.line(), mark.column(), abbreviated(path),
                    "nesting deeper than " + MAX_DEPTH + " mappings and lists; expected a shallower document");
        }
        return depth + 1;
    }

    /** A long path cut in the middle at a key or index boundary: {@code a[0][0]...[0][0]}. */
    private static String abbreviated(String path) {
        if (path.length() <= 60) {
            return path;
        }
        int head = Math.max(path.lastIndexOf('[', 30), path.lastIndexOf('.', 30));
        int tail = path.length() - 20;
        while (tail < path.length() && path.charAt(tail) != '[' && path.charAt(tail) != '.') {
            tail++;
        }
        return path.substring(0, Math.max(head, 1)) + "..." + path.substring(tail);
    }

    private YamlNode.Mapping mapping(Parser parser, Mark mark, String path, int depth) {
        Map<String, YamlNode.Entry> entries = new LinkedHashMap<>();
        for (Event keyEvent = parser.next(); keyEvent.getEventId() != Event.ID.MappingEnd; keyEvent = parser.next()) {
            Mark keyMark = mark(keyEvent);
            if (!(keyEvent instanceof ScalarEvent keyScalar)) {
                throw new PlatformFileException(source, keyMark.line(), keyMark.column(), path,
                        "a key that is not a plain name; expected keys such as 'name' or 'nodes'");
            }
            String key = keyScalar.getValue();
            String childPath = YamlNode.child(path, key);
            YamlNode.Entry first = entries.get(key);
            if (first != null) {
                throw new PlatformFileException(source, keyMark.line(), keyMark.column(), childPath,
                        "key given twice (first at line " + first.keyMark().line() + "); expected each key once");
            }
            entries.put(key, new YamlNode.Entry(key, keyMark, value(parser, parser.next(), childPath, depth)));
        }
        return new YamlNode.Mapping(mark, path, entries);
    }

    private YamlNode.Sequence sequence(Parser parser, Mark mark, String path, int depth) {
        List<YamlNode> items = new ArrayList<>();
        for (Event item = parser.next(); item.getEventId() != Event.ID.SequenceEnd; item = parser.next()) {
            items.add(value(parser, item, YamlNode.item(path, items.size()), depth));
        }
        return new YamlNode.Sequence(mark, path, items);
    }

    /** A scalar; a plain, untagged {@code ~}, {@code null} or nothing is the null scalar. */
    private static YamlNode.Scalar scalar(ScalarEvent event, Mark mark, String path) {
        String text = event.getValue();
        boolean nothing = event.isPlain() && event.getTag().isEmpty()
                && (text.isEmpty() || text.equals("~") || text.equals("null") || text.equals("Null")
                        || text.equals("NULL"));
        return new YamlNode.Scalar(mark, path, nothing ? null : text);
    }

    private PlatformFileException syntaxError(MarkedYamlEngineException e) {
        String problem = e.getProblem();
        Mark mark = e.getProblemMark().map(YamlTreeReader::mark).orElse(Mark.START);
        if (e.getContext() != null && e.getContextMark().isPresent()) {
            Mark context = mark(e.getContextMark().get());
            problem = problem + " (" + e.getContext() + " from line " + context.line() + ", column "
                    + context.column() + ")";
        }
        return new PlatformFileException(source, mark.line(), mark.column(), "",
                "YAML syntax error: " + firstLine(problem) + "; expected valid YAML");
    }

    /** A character YAML does not allow (a control character, a lone surrogate), at its line and column. */
    private PlatformFileException badCharacter(ReaderException e, String text) {
        int offset = text.offsetByCodePoints(0, Math.min(e.getPosition(), text.codePointCount(0, text.length())));
        int lineStart = text.lastIndexOf('\n', offset - 1) + 1;
        int line = 1 + (int) text.substring(0, lineStart).chars().filter(c -> c == '\n').count();
        int column = 1 + text.codePointCount(lineStart, offset);
        return new PlatformFileException(source, line, column, "",
                String.format(Locale.ROOT, "the character U+%04X is not allowed in YAML; expected printable text",
                        e.getCodePoint()));
    }

    private static String firstLine(String problem) {
        return problem == null ? "unreadable YAML" : problem.strip().lines().findFirst().orElse("");
    }

    private static Mark mark(Event event) {
        Optional<org.snakeyaml.engine.v2.exceptions.Mark> start = event.getStartMark();
        return start.map(YamlTreeReader::mark).orElse(Mark.START);
    }

    private static Mark mark(org.snakeyaml.engine.v2.exceptions.Mark m) {
        return new Mark(m.getLine() + 1, m.getColumn() + 1);
    }
}
