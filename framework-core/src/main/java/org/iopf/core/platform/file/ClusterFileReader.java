package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.iopf.core.sweep.ClusterSpec;

/**
 * Reads a cluster file — the cluster's name, the members to join, the port and address a member
 * listens on — into a {@link ClusterSpec}, with the same rules and located errors as the platform
 * and sweep files: an unknown key is a {@link PlatformFileException} at its line and column with
 * the nearest valid key. The format is documented in {@code docs/sweeps.md}.
 *
 * @since 0.1
 */
public final class ClusterFileReader {
    private static final List<String> KEYS = List.of("name", "members", "port", "interface");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.:\\[\\]_-]+");
    private static final String MEMBER = "a member's address host:port, such as 127.0.0.1:5701";

    /**
     * Reads the cluster file {@code file} (UTF-8).
     *
     * @param file the file, not null; messages name it as given
     * @throws PlatformFileException if the file is bad
     * @throws java.io.UncheckedIOException if it cannot be read
     */
    public ClusterSpec read(Path file) {
        requireNonNull(file, "file is null");
        return read(file.toString(), PlatformFileText.read(file, "cluster file"));
    }

    /**
     * Reads a cluster file's text.
     *
     * @param source the file's name for messages, not null
     * @param text the YAML text, not null
     * @throws PlatformFileException if the text is bad
     */
    public ClusterSpec read(String source, String text) {
        requireNonNull(source, "source is null");
        requireNonNull(text, "text is null");
        YamlBinder yaml = new YamlBinder(source);
        YamlNode.Mapping root = yaml.mapping(new YamlTreeReader(source).read(text), "a cluster: a mapping with "
                + "members: [host:port, ...]");
        yaml.checkKeys(root, KEYS, "key of a cluster file");
        String name = yaml.optional(root, "name", n -> {
            String s = yaml.nonBlank(n, "the cluster's name");
            if (!NAME.matcher(s).matches()) {
                throw yaml.error(n, "found '" + s + "'; expected a name of letters, digits, '.', '_' and '-'");
            }
            return s;
        }, ClusterSpec.DEFAULT_NAME);
        YamlNode.Sequence list = yaml.sequence(yaml.require(root, "members", "a list of " + MEMBER),
                "a list of " + MEMBER);
        if (list.items().isEmpty()) {
            throw yaml.error(list, "found an empty list; expected at least one member");
        }
        List<ClusterSpec.Member> members = new ArrayList<>();
        for (YamlNode item : list.items()) {
            ClusterSpec.Member member = member(yaml, item);
            if (members.contains(member)) {
                throw yaml.error(item, member + " is listed twice; expected each member once");
            }
            members.add(member);
        }
        int port = (int) (long) yaml.optional(root, "port", n -> yaml.integer(n, 1, 65535,
                "the port a member listens on, 1 to 65535"), (long) ClusterSpec.DEFAULT_PORT);
        String networkInterface = yaml.optional(root, "interface", n -> host(yaml, n,
                "the address a member binds, such as 127.0.0.1 or 192.168.1.20"), ClusterSpec.DEFAULT_INTERFACE);
        return new ClusterSpec(name, members, port, networkInterface);
    }

    private static ClusterSpec.Member member(YamlBinder yaml, YamlNode node) {
        String text = yaml.nonBlank(node, MEMBER).strip();
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw yaml.error(node, "found '" + text + "'; expected " + MEMBER);
        }
        String host = text.substring(0, colon);
        if (!HOST.matcher(host).matches()) {
            throw yaml.error(node, "found host '" + host + "'; expected a host name or IP address");
        }
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65535) {
            throw yaml.error(node, "found port '" + text.substring(colon + 1) + "' in '" + text
                    + "'; expected a port from 1 to 65535");
        }
        return new ClusterSpec.Member(host, port);
    }

    private static String host(YamlBinder yaml, YamlNode node, String expected) {
        String text = yaml.nonBlank(node, expected).strip();
        if (!HOST.matcher(text).matches()) {
            throw yaml.error(node, "found '" + text + "'; expected " + expected);
        }
        return text;
    }
}
