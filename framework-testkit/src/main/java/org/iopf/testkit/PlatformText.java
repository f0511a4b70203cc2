package org.iopf.testkit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Edits of platform-file text that the contract suites need (a lossy fabric). */
final class PlatformText {
    private static final Pattern LOSS = Pattern.compile("loss:\\s*[^,}\\s]+");
    private static final Pattern FLOW_LINK = Pattern.compile("link:\\s*\\{");

    private PlatformText() {
    }

    /**
     * {@code text} with the fabric's default link losing each packet with probability {@code loss}:
     * the link's {@code loss} is replaced or added, or a {@code fabric: {link: {loss: ...}}} section is
     * added when the text has none (the link's rate and latency then stay the defaults).
     *
     * @throws IllegalStateException if the text gives the link in a form this edit does not know (a
     *     block mapping); the contract's hook must then be overridden
     */
    static String withLoss(String text, double loss) {
        String value = String.format(Locale.ROOT, "%s", loss);
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.startsWith("fabric:")) {
                continue;
            }
            if (line.contains("{")) {
                lines.set(i, editLink(line, value, "fabric: {link: {loss: " + value + "}, "));
                return String.join("\n", lines);
            }
            for (int j = i + 1; j < lines.size(); j++) {
                String inner = lines.get(j);
                if (inner.isBlank() || inner.trim().startsWith("#")) {
                    continue;
                }
                if (!Character.isWhitespace(inner.charAt(0))) {
                    break;
                }
                String trimmed = inner.trim();
                if (trimmed.startsWith("link:")) {
                    if (!trimmed.contains("{")) {
                        throw new IllegalStateException("the platform's fabric link is a block mapping; override "
                                + "the contract's lossy-platform hook to give the lossy text");
                    }
                    lines.set(j, editLink(inner, value, null));
                    return String.join("\n", lines);
                }
            }
            lines.add(i + 1, "  link: {loss: " + value + "}");
            return String.join("\n", lines);
        }
        return "fabric:\n  link: {loss: " + value + "}\n" + text;
    }

    private static String editLink(String line, String value, String fabricPrefix) {
        Matcher loss = LOSS.matcher(line);
        if (loss.find()) {
            return loss.replaceFirst("loss: " + value);
        }
        Matcher link = FLOW_LINK.matcher(line);
        if (link.find()) {
            String rest = line.substring(link.end()).trim();
            return line.substring(0, link.end()) + "loss: " + value + (rest.startsWith("}") ? "" : ", ")
                    + line.substring(link.end()).stripLeading();
        }
        if (fabricPrefix != null) {
            String rest = line.substring(line.indexOf('{') + 1).stripLeading();
            return fabricPrefix + rest;
        }
        throw new IllegalStateException("cannot add a loss to the fabric link '" + line.trim() + "'; override the "
                + "contract's lossy-platform hook");
    }
}
