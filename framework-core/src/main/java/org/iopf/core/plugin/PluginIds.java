package org.iopf.core.plugin;

import java.util.regex.Pattern;

/** What a plugin id may be: it names files, lines of {@code iopf plugins} and lease holders. */
final class PluginIds {
    static final String RULE = "1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit";
    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private PluginIds() {
    }

    static boolean isValid(String id) {
        return VALID.matcher(id).matches();
    }
}
