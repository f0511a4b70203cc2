package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a node parameter names: a node ({@code node1}), or one component on it
 * ({@code node1/nic1}) when the node has more than one component for a role and the default — the
 * first one the platform file declares for that role — is not the one meant.
 *
 * @param node the node's name
 * @param component the component's name on the node, if one is named
 * @since 0.2
 */
@API(status = STABLE, since = "0.2")
public record ComponentReference(String node, Optional<String> component) {
    /** The separator between node and component: {@code node1/nic1}. */
    public static final char SEPARATOR = '/';

    /** Checks arguments. */
    public ComponentReference {
        Objects.requireNonNull(node, "node is null");
        Objects.requireNonNull(component, "component is null");
        if (node.isBlank() || node.indexOf(SEPARATOR) >= 0) {
            throw new IllegalArgumentException("not a node name: '" + node + "'");
        }
        if (component.isPresent() && (component.get().isBlank() || component.get().indexOf(SEPARATOR) >= 0)) {
            throw new IllegalArgumentException("not a component name: '" + component.get() + "'");
        }
    }

    /**
     * Reads {@code node} or {@code node/component}.
     *
     * @throws IllegalArgumentException if either part is empty or there is more than one separator
     */
    public static ComponentReference parse(String text) {
        Objects.requireNonNull(text, "text is null");
        int at = text.indexOf(SEPARATOR);
        if (at < 0) {
            return new ComponentReference(text, Optional.empty());
        }
        return new ComponentReference(text.substring(0, at), Optional.of(text.substring(at + 1)));
    }

    /**
     * The component this names on {@code on} (the reference's node): the named one, or the node's
     * default for the role.
     *
     * @throws IllegalStateException if the node has no such component, or it does not fill the role
     */
    public <T> T resolve(Node on, Class<T> apiType) {
        return component.isPresent() ? on.requireComponent(component.get(), apiType) : on.requireRole(apiType);
    }

    @Override
    public String toString() {
        return component.map(c -> node + SEPARATOR + c).orElse(node);
    }
}
