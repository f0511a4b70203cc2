package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.iopf.core.io.IoProblem;

/**
 * The text of a platform or comparison file, decoded as UTF-8. Bytes that are not UTF-8 are a
 * {@link PlatformFileException} at the line and column where they stand, with the bytes and their
 * offset in the file, rather than a bare {@code MalformedInputException}.
 */
final class PlatformFileText {
    private PlatformFileText() {
    }

    /**
     * The text of {@code file}.
     *
     * @param file the file, not null; messages name it as given
     * @param kind what the file is, for messages ({@code platform file})
     * @throws PlatformFileException if it is not UTF-8
     * @throws UncheckedIOException if it cannot be read, saying why in words
     */
    static String read(Path file, String kind) {
        requireNonNull(file, "file is null");
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + kind + " " + file + ": " + IoProblem.describe(e, file), e);
        }
        return decode(file.toString(), bytes);
    }

    /**
     * {@code bytes} decoded as UTF-8.
     *
     * @param source the file's name for messages, not null
     * @throws PlatformFileException at the first byte that is not UTF-8
     */
    static String decode(String source, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isUnderflow()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            throw invalid(source, out.flip(), in.position(), bytes, result.length());
        }
        return out.flip().toString();
    }

    private static PlatformFileException invalid(String source, CharSequence before, int offset, byte[] bytes,
            int length) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < before.length(); i++) {
            if (before.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int column = 1 + Character.codePointCount(before, lineStart, before.length());
        StringBuilder hex = new StringBuilder();
        for (int i = offset; i < Math.min(bytes.length, offset + length); i++) {
            hex.append(hex.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "0x%02X", bytes[i] & 0xFF));
        }
        return new PlatformFileException(source, line, column, "", "invalid UTF-8 (" + hex + " at byte offset " + offset
                + "); expected a UTF-8 text file");
    }
}
