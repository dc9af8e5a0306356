package io.github.sqlguard.cli;

import org.apache.flink.core.classloading.ComponentClassLoader;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.delegation.ExecutorFactory;
import org.apache.flink.table.delegation.PlannerFactory;
import org.apache.flink.table.factories.FactoryUtil;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The CLI jar's table planner class loader: Flink's {@code PlannerModule} (flink-table-planner-loader)
 * with one difference, where the planner jar is. Flink's copies the jar it carries into {@code
 * io.tmp.dirs} under a random name on every start; this one uses the copy in lint's cache ({@link
 * PlannerJarCache}, in {@link FastStart#cacheDirectory()}), unpacked by the first start of a jar. The
 * class loader is Flink's {@link ComponentClassLoader} with the packages Flink's {@code PlannerModule}
 * gives it (its {@code OWNER_CLASSPATH}, {@code COMPONENT_CLASSPATH} and {@code
 * KNOWN_MODULE_ASSOCIATIONS}, read from that class), so the planner's classes resolve as in Flink's.
 * Where the cache cannot be written, the jar is copied into the temporary directory for this JVM
 * alone, as Flink does.
 *
 * <p>One per JVM, created on first use, as Flink's.
 */
final class CachedPlannerModule {

    private static final Logger LOG = LoggerFactory.getLogger(CachedPlannerModule.class);

    static final String FLINK_PLANNER_MODULE = "org.apache.flink.table.planner.loader.PlannerModule";

    private final PlannerClassLoader classLoader;

    private CachedPlannerModule(PlannerClassLoader classLoader) {
        this.classLoader = classLoader;
    }

    private static final class Holder {
        static final CachedPlannerModule INSTANCE = create();
    }

    static CachedPlannerModule get() {
        return Holder.INSTANCE;
    }

    /*
     * The planner's own factories, discovered once: Flink's DefaultPlannerFactory and
     * DefaultExecutorFactory have no state (each create() builds a new planner or executor), so one of
     * each serves every table environment. Discovering them is a ServiceLoader scan of the planner's
     * class loader, and the CLI's CachedPlannerFactory and CachedExecutorFactory (like Flink's
     * DelegatePlannerFactory) ask for it whenever they are instantiated, which every factory discovery
     * in the session's class loader does (FactoryUtil#discoverFactories instantiates every registered
     * Factory): each table environment and each table a statement plans. A race discovers twice at
     * most, the same classes.
     */
    private volatile PlannerFactory plannerFactory;
    private volatile ExecutorFactory executorFactory;

    PlannerFactory loadPlannerFactory() {
        PlannerFactory factory = plannerFactory;
        if (factory == null) {
            factory = FactoryUtil.discoverFactory(classLoader, PlannerFactory.class, PlannerFactory.DEFAULT_IDENTIFIER);
            plannerFactory = factory;
        }
        return factory;
    }

    ExecutorFactory loadExecutorFactory() {
        ExecutorFactory factory = executorFactory;
        if (factory == null) {
            factory = FactoryUtil.discoverFactory(classLoader, ExecutorFactory.class, ExecutorFactory.DEFAULT_IDENTIFIER);
            executorFactory = factory;
        }
        return factory;
    }

    /**
     * Links every class the planner's class loader has defined and not yet linked, without
     * initialising it, for the class-data archive the JVM writes at exit ({@link FastStart}): Java
     * 17's dynamic archive links the classes of the JVM's own class loaders before it dumps, but
     * not those of a class loader of the application's (HotSpot's {@code
     * MetaspaceShared::linking_required}), and leaves out every class not linked by then ({@code
     * -Xlog:cds}: "Skipping ...: Not linked", 890 of the planner's classes after a training lint,
     * bench/results/2026-12-02-lint-profile.md). Those classes were loaded but only resolved, for
     * example while another class was verified, and each later run parsed and verified them again
     * from the planner jar. HotSpot links a class before it lists its constructors ({@code
     * JVM_GetClassDeclaredConstructors}), which does not run its static initialiser.
     *
     * @return how many of the planner loader's classes are linked now, and how many could not be
     *     (a constructor's parameter type missing from the class path: the JVM leaves such a class
     *     out of the archive, and a later run loads it from the planner jar as before)
     */
    Linked linkDefinedClasses() {
        int linked = 0;
        List<String> failed = new ArrayList<>();
        for (Class<?> type : classLoader.defined()) {
            try {
                type.getDeclaredConstructors();
                linked++;
            } catch (LinkageError e) {
                failed.add(type.getName() + ": " + e);
            }
        }
        return new Linked(linked, failed);
    }

    /**
     * What {@link #linkDefinedClasses} did.
     *
     * @param linked the classes linked
     * @param failed the classes that could not be, each with its error
     */
    record Linked(int linked, List<String> failed) {
        Linked {
            failed = List.copyOf(failed);
        }
    }

    /** As Flink's {@code PlannerModule#addUrlToClassLoader}: a dialect's parser jar. */
    void addUrlToClassLoader(URL url) {
        classLoader.addURL(url);
    }

    private static CachedPlannerModule create() {
        ClassLoader owner = CachedPlannerModule.class.getClassLoader();
        URL resource = owner.getResource(PlannerJarCache.RESOURCE);
        if (resource == null) {
            throw new TableException("Flink's table planner (" + PlannerJarCache.RESOURCE + " of"
                    + " flink-table-planner-loader) is not on the class path of the CLI.");
        }
        try {
            Class<?> flinks = Class.forName(FLINK_PLANNER_MODULE, true, owner);
            return new CachedPlannerModule(new PlannerClassLoader(
                    new URL[] {plannerJar(resource).toUri().toURL()}, owner,
                    (String[]) staticField(flinks, "OWNER_CLASSPATH"),
                    (String[]) staticField(flinks, "COMPONENT_CLASSPATH"),
                    (Map<String, String>) staticField(flinks, "KNOWN_MODULE_ASSOCIATIONS")));
        } catch (IOException | ReflectiveOperationException e) {
            throw new TableException("Could not initialize the table planner components loader.", e);
        }
    }

    private static Path plannerJar(URL resource) throws IOException {
        Path cache = FastStart.cacheDirectory();
        try {
            return PlannerJarCache.unpacked(resource, cache, Instant.now());
        } catch (IOException e) {
            LOG.info("sql-guard could not keep the table planner in {} ({}): it is unpacked for this run alone,"
                    + " as Flink unpacks it", cache, e.toString());
        }
        Path jar = Files.createTempFile("flink-table-planner_", ".jar");
        jar.toFile().deleteOnExit();
        try (InputStream in = resource.openStream()) {
            Files.copy(in, jar, StandardCopyOption.REPLACE_EXISTING);
        }
        return jar;
    }

    @SuppressWarnings("unchecked")
    private static <T> T staticField(Class<?> type, String name) throws ReflectiveOperationException {
        Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        return (T) field.get(null);
    }

    /**
     * Flink's {@code PlannerModule.PlannerComponentClassLoader}: a component loader that takes a
     * dialect's jar. In the JVM that writes lint's class-data archive it keeps the classes it
     * defines, for {@link #linkDefinedClasses}.
     */
    private static final class PlannerClassLoader extends ComponentClassLoader {

        /** The classes this loader defined, kept only while the archive's training runs; else null. */
        private final Queue<Class<?>> defined =
                Boolean.getBoolean(FastStart.TRAINING_PROPERTY) ? new ConcurrentLinkedQueue<>() : null;

        PlannerClassLoader(
                URL[] classpath, ClassLoader owner, String[] ownerFirst, String[] componentFirst,
                Map<String, String> modules) throws MalformedURLException {
            super(classpath, owner, ownerFirst, componentFirst, modules);
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            Class<?> type = super.findClass(name);
            if (defined != null) {
                defined.add(type);
            }
            return type;
        }

        List<Class<?>> defined() {
            return defined == null ? List.of() : List.copyOf(defined);
        }

        @Override
        public void addURL(URL url) {
            super.addURL(url);
        }
    }
}
