package org.iopf.core.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.security.CodeSigner;
import java.security.CodeSource;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import org.pf4j.ClassLoadingStrategy;
import org.pf4j.PluginClassLoader;
import org.pf4j.PluginDescriptor;
import org.pf4j.PluginManager;

/**
 * A plugin's class loader: the API packages come from the host (so that a plugin's types are the
 * host's types), everything else from the plugin first, then its plugin dependencies, then the
 * JDK. Nothing else of the host — {@code org.iopf.core}, Jackson, the host's other libraries — is
 * visible to a plugin, classes or resources.
 */
final class ApiOnlyPluginClassLoader extends PluginClassLoader {
    /** Package prefixes the plugin shares with the host. */
    static final List<String> SHARED_PACKAGES = List.of("org.iopf.api.", "org.pf4j.", "org.slf4j.", "jakarta.inject.",
            "com.google.inject.", "java.", "javax.");

    private final String pluginId;

    ApiOnlyPluginClassLoader(PluginManager manager, PluginDescriptor descriptor, ClassLoader parent) {
        super(manager, descriptor, parent, ClassLoadingStrategy.PDA);
        this.pluginId = descriptor.getPluginId();
    }

    /** Whether a class of this name comes from the host. */
    static boolean isShared(String className) {
        for (String prefix : SHARED_PACKAGES) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isSharedResource(String name) {
        String asClass = (name.startsWith("/") ? name.substring(1) : name).replace('/', '.');
        return isShared(asClass);
    }

    @Override
    public Class<?> loadClass(String className) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(className)) {
            if (isShared(className)) {
                return getParent().loadClass(className);
            }
            Class<?> loaded = findLoadedClass(className);
            if (loaded != null) {
                return loaded;
            }
            try {
                return findClass(className);
            } catch (ClassNotFoundException notInPlugin) {
                // next: the plugin's dependencies
            }
            Class<?> fromDependency = loadClassFromDependencies(className);
            if (fromDependency != null) {
                return fromDependency;
            }
            try {
                return ClassLoader.getPlatformClassLoader().loadClass(className);
            } catch (ClassNotFoundException notInJdk) {
                throw new ClassNotFoundException(className + " is not in plugin '" + pluginId
                        + "' and not in a package plugins share with iopf " + SHARED_PACKAGES, notInJdk);
            }
        }
    }

    /**
     * Defines a plugin class from its bytes with its exit calls refused ({@link ExitCallRewriter}),
     * so that a plugin cannot end the host.
     */
    @Override
    protected Class<?> findClass(String className) throws ClassNotFoundException {
        String path = className.replace('.', '/') + ".class";
        URL url = findResource(path);
        if (url == null) {
            throw new ClassNotFoundException(className);
        }
        byte[] bytes;
        try (InputStream in = getResourceAsStream(path)) {
            if (in == null) {
                throw new ClassNotFoundException(className);
            }
            bytes = ExitCallRewriter.rewrite(in.readAllBytes());
        } catch (IOException e) {
            throw new ClassNotFoundException(className + ": " + e.getMessage(), e);
        }
        definePackageOf(className);
        return defineClass(className, bytes, 0, bytes.length, new CodeSource(codeBase(url), (CodeSigner[]) null));
    }

    private void definePackageOf(String className) {
        int dot = className.lastIndexOf('.');
        if (dot < 0) {
            return;
        }
        String packageName = className.substring(0, dot);
        if (getDefinedPackage(packageName) == null) {
            try {
                definePackage(packageName, null, null, null, null, null, null, null);
            } catch (IllegalArgumentException definedMeanwhile) {
                // another thread defined it first
            }
        }
    }

    /** The jar or folder a class was found in: {@code jar:file:/x.jar!/a/B.class} → {@code file:/x.jar}. */
    private static URL codeBase(URL classUrl) {
        String text = classUrl.toString();
        int bang = text.indexOf("!/");
        try {
            return text.startsWith("jar:") && bang > 0 ? new URL(text.substring(4, bang)) : classUrl;
        } catch (MalformedURLException e) {
            return classUrl;
        }
    }

    @Override
    public URL getResource(String name) {
        if (isSharedResource(name)) {
            return getParent().getResource(name);
        }
        URL url = findResource(name);
        if (url == null) {
            url = findResourceFromDependencies(name);
        }
        return url != null ? url : ClassLoader.getPlatformClassLoader().getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        List<URL> urls = new ArrayList<>(Collections.list(findResources(name)));
        urls.addAll(findResourcesFromDependencies(name));
        if (isSharedResource(name)) {
            urls.addAll(Collections.list(getParent().getResources(name)));
        }
        return Collections.enumeration(urls);
    }
}
