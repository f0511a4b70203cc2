package org.iopf.core.io;

/**
 * Text made fit for a one-line message: a value quoted in an error may hold a line break, a tab or
 * another control character (a YAML string {@code "a\nb"}, a {@code --set} value), which would
 * break the message across lines or garble a terminal; here each is written as its escape
 * ({@code \n}, {@code \r}, {@code \t}, and a backslash, {@code u} and four hex digits for the
 * others), as YAML and Java write them.
 *
 * @since 0.1
 */
public final class OneLine {
    private OneLine() {
    }

    /**
     * {@code text} with every control character (U+0000..U+001F, U+007F..U+009F) and the line and
     * paragraph separators U+2028, U+2029 escaped; the same text if it has none.
     *
     * @param text the text, not null
     */
    public static String of(String text) {
        int first = 0;
        while (first < text.length() && !isControl(text.charAt(first))) {
            first++;
        }
        if (first == text.length()) {
            return text;
        }
        StringBuilder line = new StringBuilder(text.length() + 8).append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> line.append("\\n");
                case '\r' -> line.append("\\r");
                case '\t' -> line.append("\\t");
                default -> {
                    if (isControl(c)) {
                        line.append(String.format(java.util.Locale.ROOT, "\\u%04X", (int) c));
                    } else {
                        line.append(c);
                    }
                }
            }
        }
        return line.toString();
    }

    private static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == '\u2028' || c == '\u2029';
    }
}
