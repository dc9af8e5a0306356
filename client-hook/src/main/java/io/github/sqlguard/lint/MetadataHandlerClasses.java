package io.github.sqlguard.lint;

import io.github.sqlguard.audit.Auditor;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The metadata handlers of Flink's planner, compiled once and kept in a file, so that a later lint
 * does not compile them again.
 *
 * <p>Every cluster of Flink's planner gets Flink's metadata provider
 * ({@code FlinkRelOptClusterFactory.create}: {@code FlinkDefaultRelMetadataProvider.INSTANCE}), and
 * Calcite's {@code RelOptCluster.setMetadataProvider} wraps it in a {@code JaninoRelMetadataProvider}
 * (Flink's copy of Calcite's, in {@code flink-table-planner}). That provider answers each kind of
 * metadata (a {@code MetadataHandler} interface, e.g. {@code BuiltInMetadata.RowCount.Handler}) with
 * a class it generates ({@code RelMetadataHandlerGeneratorUtil.generateHandler}: a dispatch on the
 * relational node's class to the provider's handlers, with the query's cache and its cycle check)
 * and compiles with Janino ({@code JaninoRelMetadataProvider.compile}), once per JVM, into a static
 * cache ({@code HANDLERS}, keyed by the handler interface and the provider). In a lint of one small
 * script Janino compiled 12 of them on the first planning: about 190 of ~3,400 samples, and C1
 * compiling Janino on top (bench/results/2026-12-03-lint-cpu-r42.md).
 *
 * <p>{@link #install} fills that cache before the first planning with the same classes: for each
 * handler interface it has Calcite generate the source as Flink would, and takes the class files
 * this file kept for that exact source (keyed by its SHA-256); a source it has not kept is compiled
 * as {@code JaninoRelMetadataProvider.compile} compiles it (Janino's default compiler factory, the
 * parent class loader {@code JaninoRexCompiler}'s) and kept. Each handler is instantiated as there,
 * with the provider's handlers. So the planner calls the classes it would have compiled, made from
 * the same source: not another provider. (Calcite's {@code ProxyingMetadataHandlerProvider}, which
 * compiles nothing, was tried and changes plans: its chained provider returns the first non-null
 * answer of any handler where the generated dispatch calls the one handler of the node's most
 * specific class; the case corpus's report differed in 16 places.)
 *
 * <p>Where the planner is not on the application class path (Flink's planner loader) or Calcite's
 * internals differ, nothing is installed and the planner compiles as before.
 */
public final class MetadataHandlerClasses {

    private static final String METADATA = "org.apache.calcite.rel.metadata.";

    /** The outer interfaces whose nested {@code Handler}s are the kinds of metadata: Calcite's and Flink's. */
    private static final List<String> KINDS = List.of(
            METADATA + "BuiltInMetadata", "org.apache.flink.table.planner.plan.metadata.FlinkMetadata");

    private static final String FORMAT = "sql-guard metadata handler classes 1";

    private MetadataHandlerClasses() {}

    /**
     * Fills the planner's cache of metadata handlers with the classes kept in {@code file}, and
     * keeps there the ones it had to compile. Never fails: whatever goes wrong leaves the rest to
     * the planner.
     *
     * @return how many handlers were taken from {@code file}, compiled, and left to the planner
     */
    public static Installed install(Path file) {
        Map<String, Map<String, byte[]>> kept = read(file);
        int taken = 0;
        int compiled = 0;
        int left = 0;
        Map<String, Map<String, byte[]>> used = new LinkedHashMap<>();
        try {
            Calcite calcite = new Calcite();
            for (Class<?> handlerClass : calcite.handlerClasses()) {
                List<?> handlers = calcite.handlers(handlerClass);
                if (handlers.isEmpty()) {
                    left++;
                    continue;
                }
                String[] generated = calcite.generate(handlerClass, handlers);
                String key = Auditor.sha256(generated[1]);
                Map<String, byte[]> classes = kept.get(key);
                boolean fromFile = classes != null;
                if (!fromFile) {
                    classes = calcite.compile(generated[1]);
                }
                calcite.put(handlerClass, calcite.instantiate(generated[0], classes, handlers));
                used.put(key, classes);
                if (fromFile) {
                    taken++;
                } else {
                    compiled++;
                }
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return new Installed(taken, compiled, left, e.toString());
        }
        try {
            if (compiled > 0) {
                write(file, used);
            } else {
                Files.setLastModifiedTime(file, FileTime.from(Instant.now()));
            }
        } catch (IOException e) {
            // Not kept: the next lint compiles them again, as the planner would.
        }
        return new Installed(taken, compiled, left, null);
    }

    /**
     * What {@link #install} did: handlers taken from the file, compiled, left to the planner (no
     * handler of Flink's provider for that kind), and why it stopped, or null.
     */
    public record Installed(int taken, int compiled, int left, String stopped) {}

    /** Calcite's and Janino's members that {@link #install} uses, by reflection (the planner is not on the compile class path). */
    private static final class Calcite {
        private final ClassLoader loader = ClassLoader.getSystemClassLoader();
        private final Class<?> handlerInterface = load(METADATA + "MetadataHandler");
        private final Class<?> providerInterface = load(METADATA + "RelMetadataProvider");
        private final Object provider;
        private final Map<Object, Object> cache;
        private final Constructor<?> key;
        private final Method generateHandler;
        private final Method handlerName;
        private final Method generatedCode;
        private final ClassLoader parent;

        Calcite() throws ReflectiveOperationException {
            provider = load("org.apache.flink.table.planner.plan.metadata.FlinkDefaultRelMetadataProvider")
                    .getMethod("INSTANCE").invoke(null);
            Class<?> janino = load(METADATA + "JaninoRelMetadataProvider");
            Field handlers = janino.getDeclaredField("HANDLERS");
            handlers.setAccessible(true);
            Object loadingCache = handlers.get(null);
            Method asMap = loadingCache.getClass().getMethod("asMap");
            asMap.setAccessible(true);
            @SuppressWarnings("unchecked")
            Map<Object, Object> map = (Map<Object, Object>) asMap.invoke(loadingCache);
            cache = map;
            key = load(METADATA + "JaninoRelMetadataProvider$Key").getDeclaredConstructor(Class.class, providerInterface);
            key.setAccessible(true);
            Class<?> generator = load(METADATA + "janino.RelMetadataHandlerGeneratorUtil");
            generateHandler = generator.getMethod("generateHandler", Class.class, List.class);
            Class<?> nameAndCode = load(METADATA + "janino.RelMetadataHandlerGeneratorUtil$HandlerNameAndGeneratedCode");
            handlerName = nameAndCode.getMethod("getHandlerName");
            generatedCode = nameAndCode.getMethod("getGeneratedCode");
            parent = load("org.apache.calcite.interpreter.JaninoRexCompiler").getClassLoader();
        }

        private Class<?> load(String name) throws ClassNotFoundException {
            return Class.forName(name, false, loader);
        }

        List<Class<?>> handlerClasses() throws ClassNotFoundException {
            List<Class<?>> out = new ArrayList<>();
            for (String kinds : KINDS) {
                for (Class<?> kind : load(kinds).getClasses()) {
                    for (Class<?> nested : kind.getClasses()) {
                        if (nested.getSimpleName().equals("Handler") && handlerInterface.isAssignableFrom(nested)) {
                            out.add(nested);
                        }
                    }
                }
            }
            return out;
        }

        /** {@code provider.handlers(handlerClass)}, distinct, as {@code generateCompileAndInstantiate} takes them. */
        List<?> handlers(Class<?> handlerClass) throws ReflectiveOperationException {
            List<?> all = (List<?>) providerInterface.getMethod("handlers", Class.class).invoke(provider, handlerClass);
            return all.stream().distinct().toList();
        }

        /** The generated class's name and source. */
        String[] generate(Class<?> handlerClass, List<?> handlers) throws ReflectiveOperationException {
            Object generated = generateHandler.invoke(null, handlerClass, handlers);
            return new String[] {(String) handlerName.invoke(generated), (String) generatedCode.invoke(generated)};
        }

        /** The class files of {@code source}, compiled as {@code JaninoRelMetadataProvider.compile} compiles it. */
        Map<String, byte[]> compile(String source) throws ReflectiveOperationException {
            Object factory = load("org.codehaus.commons.compiler.CompilerFactoryFactory")
                    .getMethod("getDefaultCompilerFactory").invoke(null);
            Object compiler = factory.getClass().getMethod("newSimpleCompiler").invoke(factory);
            Class<?> simpleCompiler = load("org.codehaus.commons.compiler.ISimpleCompiler");
            simpleCompiler.getMethod("setParentClassLoader", ClassLoader.class).invoke(compiler, parent);
            simpleCompiler.getMethod("cook", String.class).invoke(compiler, source);
            @SuppressWarnings("unchecked")
            Map<String, byte[]> bytecodes = (Map<String, byte[]>) compiler.getClass().getMethod("getBytecodes").invoke(compiler);
            return new HashMap<>(bytecodes);
        }

        /** An instance of the generated class, constructed with the provider's handlers, as {@code compile} does. */
        Object instantiate(String className, Map<String, byte[]> classes, List<?> handlers)
                throws ReflectiveOperationException {
            Class<?> generated = new GeneratedClassLoader(classes, parent).loadClass(className);
            return generated.getDeclaredConstructors()[0].newInstance(handlers.toArray());
        }

        void put(Class<?> handlerClass, Object handler) throws ReflectiveOperationException {
            cache.put(key.newInstance(handlerClass, provider), handlerClass.cast(handler));
        }
    }

    /** Defines the class files of one generated source, as Janino's {@code ByteArrayClassLoader} does. */
    private static final class GeneratedClassLoader extends ClassLoader {
        private final Map<String, byte[]> classes;

        GeneratedClassLoader(Map<String, byte[]> classes, ClassLoader parent) {
            super(parent);
            this.classes = classes;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] bytes = classes.get(name);
            if (bytes == null) {
                throw new ClassNotFoundException(name);
            }
            return defineClass(name, bytes, 0, bytes.length);
        }
    }

    /** The kept class files by their source's SHA-256; empty when the file is absent or not of this format. */
    static Map<String, Map<String, byte[]>> read(Path file) {
        Map<String, Map<String, byte[]>> kept = new HashMap<>();
        try (InputStream raw = Files.newInputStream(file); DataInputStream in = new DataInputStream(raw)) {
            if (!FORMAT.equals(in.readUTF())) {
                return Map.of();
            }
            int sources = in.readInt();
            for (int i = 0; i < sources; i++) {
                String key = in.readUTF();
                int count = in.readInt();
                Map<String, byte[]> classes = new HashMap<>();
                for (int j = 0; j < count; j++) {
                    String name = in.readUTF();
                    byte[] bytes = new byte[in.readInt()];
                    in.readFully(bytes);
                    classes.put(name, bytes);
                }
                kept.put(key, classes);
            }
            return kept;
        } catch (NoSuchFileException e) {
            return Map.of();
        } catch (IOException | RuntimeException e) {
            return Map.of(); // a truncated or foreign file: compiled again and rewritten
        }
    }

    /** Writes {@code classes} to {@code file} through a temporary file, so that a reader sees all or nothing. */
    static void write(Path file, Map<String, Map<String, byte[]>> classes) throws IOException {
        Path written = file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try (OutputStream raw = Files.newOutputStream(written); DataOutputStream out = new DataOutputStream(raw)) {
            out.writeUTF(FORMAT);
            out.writeInt(classes.size());
            for (Map.Entry<String, Map<String, byte[]>> source : classes.entrySet()) {
                out.writeUTF(source.getKey());
                out.writeInt(source.getValue().size());
                for (Map.Entry<String, byte[]> c : source.getValue().entrySet()) {
                    out.writeUTF(c.getKey());
                    out.writeInt(c.getValue().length);
                    out.write(c.getValue());
                }
            }
        }
        try {
            Files.move(written, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(written, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
