package org.iopf.testkit;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.platform.Role;
import org.iopf.api.workload.WorkloadType;
import org.junit.jupiter.api.Disabled;

/**
 * Checks that a plugin's tests run the contract of every role its component types fill and of every
 * workload type it brings. A plugin's build calls it from one test:
 *
 * <pre>{@code
 * final class ContractCoverageTest {
 *     @Test
 *     void everyTypeOfThePluginRunsItsRoleContract() {
 *         ContractCoverage.requireComplete(ContractCoverageTest.class, "com.example.iopf");
 *     }
 * }
 * }</pre>
 *
 * <p>The types are the {@link ComponentType} and {@link WorkloadType} extensions on the class path
 * (found through {@code META-INF/services}) whose classes are in {@code typePackage} or below it.
 * The contract tests are the concrete classes in the anchor's package (and below it) that implement
 * a {@code *Contract} interface of this kit and are not {@link Disabled} (a disabled suite runs no
 * check, so it covers nothing), anonymous or local (JUnit does not run those as test classes; a test
 * may build a contract instance that way to drive its helpers); each is created with its no-argument constructor and
 * its fixture's platform is built to see which type fills the contract's role on {@code node1}.
 *
 * @since 0.1
 */
public final class ContractCoverage {
    private ContractCoverage() {
    }

    /**
     * Fails with a list of every (type, role) pair of {@code typePackage} that no contract test in
     * the anchor's package covers.
     *
     * @param anchor a test class in the package whose contract tests count (its class directory is
     *     scanned), not null
     * @param typePackage the package of the types to cover ({@code org.iopf.plugin.zynqsmmu}), not null
     * @throws AssertionError naming what is not covered, or if the package has no type at all
     */
    public static void requireComplete(Class<?> anchor, String typePackage) {
        requireNonNull(anchor, "anchor is null");
        requireNonNull(typePackage, "typePackage is null");
        Set<String> required = requiredPairs(anchor.getClassLoader(), typePackage);
        if (required.isEmpty()) {
            throw new AssertionError("no component or workload type of package " + typePackage
                    + " is on the class path (is its META-INF/services entry there?)");
        }
        Set<String> covered = new TreeSet<>();
        for (Class<?> test : contractTests(anchor)) {
            covered.addAll(coveredPairs(test));
        }
        Set<String> missing = new TreeSet<>(required);
        missing.removeAll(covered);
        if (!missing.isEmpty()) {
            throw new AssertionError("these types run no contract test in " + anchor.getPackageName() + ": " + missing
                    + "; write a test class implementing the role's *Contract interface (covered: " + covered + ")");
        }
    }

    /** Every "type as Role" pair the package's types must cover. */
    static Set<String> requiredPairs(ClassLoader loader, String typePackage) {
        Set<String> pairs = new TreeSet<>();
        for (ComponentType type : ServiceLoader.load(ComponentType.class, loader)) {
            if (inPackage(type.getClass(), typePackage)) {
                for (Role role : type.roles()) {
                    pairs.add(pair(type.name(), role.name()));
                }
            }
        }
        for (WorkloadType type : ServiceLoader.load(WorkloadType.class, loader)) {
            if (inPackage(type.getClass(), typePackage)) {
                pairs.add(pair(type.name(), "WORKLOAD"));
            }
        }
        return pairs;
    }

    private static boolean inPackage(Class<?> type, String typePackage) {
        String p = type.getPackageName();
        return p.equals(typePackage) || p.startsWith(typePackage + ".");
    }

    private static String pair(String type, String role) {
        return type + " as " + role;
    }

    /** The pairs one contract test class covers. */
    private static List<String> coveredPairs(Class<?> test) {
        Object instance = instantiate(test);
        List<String> pairs = new ArrayList<>();
        if (instance instanceof IommuContract c) {
            pairs.add(roleOn(c.iommuPlatform(), Role.IOMMU, test));
        }
        if (instance instanceof DmaEngineContract c) {
            pairs.add(roleOn(c.dmaPlatform(), Role.DMA_ENGINE, test));
        }
        if (instance instanceof NicContract c) {
            pairs.add(roleOn(c.nicPlatform(), Role.NIC, test));
        }
        if (instance instanceof FaultHandlerContract c) {
            pairs.add(roleOn(c.faultHandlerPlatform(), Role.FAULT_HANDLER, test));
        }
        if (instance instanceof BufferManagerContract c) {
            pairs.add(roleOn(c.bufferPlatform(), Role.BUFFER_MANAGER, test));
        }
        if (instance instanceof WorkloadContract c) {
            pairs.add(pair(c.workloadType(), "WORKLOAD"));
        }
        return pairs;
    }

    private static String roleOn(String platform, Role role, Class<?> test) {
        String type = TestBench.of(platform).componentType("node1", role).orElseThrow(() -> new AssertionError(
                test.getName() + ": its platform has no " + role + " on node1"));
        return pair(type, role.name());
    }

    private static Object instantiate(Class<?> test) {
        try {
            Constructor<?> constructor = test.getDeclaredConstructor();
            constructor.setAccessible(true);
            return constructor.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(test.getName() + " cannot be created with a no-argument constructor: " + e, e);
        }
    }

    /**
     * The concrete, named classes in the anchor's package and below that implement a contract of this
     * kit and are not {@link Disabled}.
     */
    private static List<Class<?>> contractTests(Class<?> anchor) {
        Path root = classDirectory(anchor);
        Path packageDir = root.resolve(anchor.getPackageName().replace('.', '/'));
        List<Class<?>> tests = new ArrayList<>();
        try (Stream<Path> files = Files.walk(packageDir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                String name = root.relativize(file).toString().replace('/', '.').replace('\\', '.');
                Class<?> c = Class.forName(name.substring(0, name.length() - ".class".length()), false,
                        anchor.getClassLoader());
                if (!c.isInterface() && !Modifier.isAbstract(c.getModifiers()) && !c.isAnonymousClass()
                        && !c.isLocalClass() && isContract(c) && !c.isAnnotationPresent(Disabled.class)) {
                    tests.add(c);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new AssertionError("cannot load a test class: " + e, e);
        }
        return tests;
    }

    private static boolean isContract(Class<?> c) {
        return IommuContract.class.isAssignableFrom(c) || DmaEngineContract.class.isAssignableFrom(c)
                || NicContract.class.isAssignableFrom(c) || FaultHandlerContract.class.isAssignableFrom(c)
                || BufferManagerContract.class.isAssignableFrom(c) || WorkloadContract.class.isAssignableFrom(c);
    }

    private static Path classDirectory(Class<?> anchor) {
        URL location = anchor.getProtectionDomain().getCodeSource().getLocation();
        try {
            Path path = Path.of(location.toURI());
            if (!Files.isDirectory(path)) {
                throw new AssertionError(anchor.getName() + " is not in a class directory (" + path
                        + "); run the coverage check from the module's own tests");
            }
            return path;
        } catch (URISyntaxException e) {
            throw new AssertionError("cannot read the location of " + anchor.getName() + ": " + location, e);
        }
    }
}
