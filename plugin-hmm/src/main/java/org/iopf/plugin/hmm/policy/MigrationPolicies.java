package org.iopf.plugin.hmm.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.iopf.api.hmm.MigrationPolicyFactory;
import org.iopf.api.platform.ComponentContext;

/**
 * Finds migration policies by name: the stock ones, and every {@link MigrationPolicyFactory}
 * registered through {@code META-INF/services} visible to this plugin's class loader or to the
 * thread's context class loader (a policy on the class path, or packaged with this plugin), and,
 * given a component context, every policy of a started plugin.
 */
public final class MigrationPolicies {
    private final TreeMap<String, MigrationPolicyFactory> byName = new TreeMap<>();

    private MigrationPolicies() {
    }

    /** The stock policies plus those discovered through {@link ServiceLoader}. */
    public static MigrationPolicies discover() {
        MigrationPolicies policies = new MigrationPolicies();
        policies.add(new PingPongGuardPolicyFactory());
        policies.add(new AlwaysMigratePolicyFactory());
        List<ClassLoader> loaders = new ArrayList<>();
        loaders.add(MigrationPolicies.class.getClassLoader());
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null && context != loaders.get(0)) {
            loaders.add(context);
        }
        for (ClassLoader loader : loaders) {
            for (MigrationPolicyFactory factory : ServiceLoader.load(MigrationPolicyFactory.class, loader)) {
                policies.byName.putIfAbsent(factory.name(), factory);
            }
        }
        return policies;
    }

    /**
     * The stock policies, those {@link #discover()} finds, and every {@link MigrationPolicyFactory}
     * the framework knows for {@code context}: on the class path and in every started plugin (a
     * third-party plugin's policy, loaded from its own zip).
     */
    public static MigrationPolicies discover(ComponentContext context) {
        MigrationPolicies policies = discover();
        context.extensions(MigrationPolicyFactory.class).forEach(policies::add);
        return policies;
    }

    /** Adds a factory, replacing none: the first of a name wins. */
    public void add(MigrationPolicyFactory factory) {
        byName.putIfAbsent(factory.name(), factory);
    }

    /** The factory called {@code name}, if any. */
    public Optional<MigrationPolicyFactory> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** The factory called {@code name}, or an error that lists the known names. */
    public MigrationPolicyFactory require(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException(
                "unknown migration policy '" + name + "'; known policies are " + byName.keySet()));
    }

    /** The known names in order. */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }
}
