package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Reads YAML text into a tree of {@link YamlNode}s with Jackson's streaming {@link YAMLParser},
 * keeping line and column of every key and value. One document only; a key given twice in one
 * mapping, an alias and a syntax error are {@link PlatformFileException}s.
 */
final class YamlTreeReader {
    private static final YAMLFactory FACTORY = YAMLFactory.builder().build();

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
     *     duplicate key or an alias
     */
    YamlNode read(String text) {
        requireNonNull(text, "text is null");
        try (YAMLParser parser = FACTORY.createParser(text)) {
            if (parser.nextToken() == null) {
                throw new PlatformFileException(source, 1, 1, "",
                        "the file holds no YAML document; expected a mapping with 'nodes' and 'workload'");
            }
            YamlNode root = value(parser, "");
            if (parser.nextToken() != null) {
                Mark m = mark(parser.currentTokenLocation());
                throw new PlatformFileException(source, m.line(), m.column(), "",
                        "a second YAML document; expected one document per file");
            }
            return root;
        } catch (StreamReadException e) {
            throw syntaxError(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private YamlNode value(YAMLParser parser, String path) throws IOException {
        Mark mark = mark(parser.currentTokenLocation());
        if (parser.isCurrentAlias()) {
            throw new PlatformFileException(source, mark.line(), mark.column(), path,
                    "alias '*" + parser.getText() + "' is not supported; expected the value written out");
        }
        JsonToken token = parser.currentToken();
        return switch (token) {
            case START_OBJECT -> mapping(parser, mark, path);
            case START_ARRAY -> sequence(parser, mark, path);
            case VALUE_NULL -> new YamlNode.Scalar(mark, path, null);
            case VALUE_STRING, VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT, VALUE_TRUE, VALUE_FALSE ->
                    new YamlNode.Scalar(mark, path, parser.getText());
            default -> throw new PlatformFileException(source, mark.line(), mark.column(), path,
                    "unexpected YAML token " + token + "; expected a mapping, a list or a scalar");
        };
    }

    private YamlNode.Mapping mapping(YAMLParser parser, Mark mark, String path) throws IOException {
        Map<String, YamlNode.Entry> entries = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            Mark keyMark = mark(parser.currentTokenLocation());
            String childPath = YamlNode.child(path, key);
            YamlNode.Entry first = entries.get(key);
            if (first != null) {
                throw new PlatformFileException(source, keyMark.line(), keyMark.column(), childPath,
                        "key given twice (first at line " + first.keyMark().line() + "); expected each key once");
            }
            parser.nextToken();
            entries.put(key, new YamlNode.Entry(key, keyMark, value(parser, childPath)));
        }
        return new YamlNode.Mapping(mark, path, entries);
    }

    private YamlNode.Sequence sequence(YAMLParser parser, Mark mark, String path) throws IOException {
        List<YamlNode> items = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            items.add(value(parser, YamlNode.item(path, items.size())));
        }
        return new YamlNode.Sequence(mark, path, items);
    }

    private PlatformFileException syntaxError(StreamReadException e) {
        String problem = e.getOriginalMessage();
        Mark mark = e.getLocation() == null ? Mark.START : mark(e.getLocation());
        if (e.getCause() instanceof MarkedYAMLException marked) {
            problem = marked.getProblem();
            if (marked.getProblemMark() != null) {
                mark = new Mark(marked.getProblemMark().getLine() + 1, marked.getProblemMark().getColumn() + 1);
            }
            if (marked.getContext() != null && marked.getContextMark() != null) {
                problem = problem + " (" + marked.getContext() + " from line " + (marked.getContextMark().getLine() + 1)
                        + ", column " + (marked.getContextMark().getColumn() + 1) + ")";
            }
        }
        String firstLine = problem == null ? "unreadable YAML" : problem.strip().lines().findFirst().orElse("");
        return new PlatformFileException(source, mark.line(), mark.column(), "",
                "YAML syntax error: " + firstLine + "; expected valid YAML");
    }

    private static Mark mark(JsonLocation location) {
        return new Mark(Math.max(1, location.getLineNr()), Math.max(1, location.getColumnNr()));
    }
}
