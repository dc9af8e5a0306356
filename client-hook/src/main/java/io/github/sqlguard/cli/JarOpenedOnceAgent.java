package io.github.sqlguard.cli;

import java.lang.instrument.Instrumentation;

/**
 * The CLI jar's {@code Launcher-Agent-Class}: it transforms nothing; it is there so that a {@code java -jar} start reads
 * the jar's central directory (about 64,700 entries) once instead of twice.
 *
 * <p>JDK 17's launcher reads the manifest in {@code LauncherHelper.getMainClassFromJar} through a {@code JarFile} it
 * closes when it has read it, and the class loader then opens the jar anew to load the main class: two {@code
 * ZipFile$Source}s, each built by {@code initCEN} over every entry (and, in the {@code java -jar} launcher JVM of
 * lint's fast start, C1 and C2 compiling that loop). A launcher agent is started inside {@code getMainClassFromJar}
 * while its {@code JarFile} is still open ({@code InstrumentationImpl.loadAgent}), and the system class loader that
 * loads this class, and {@link #agentmain} asking it for a resource, open the jar then: {@code ZipFile$Source.get}
 * finds the open source of the same file (same file key and time) and shares it, and the class loader keeps it open
 * for the main class and everything after. Measured on a {@code java -jar … lint} of one script: the launcher JVM's
 * samples in {@code initCEN} from about 120 to 69 and its compiler threads' from about 165 to 125 (async-profiler,
 * bench/results/2026-12-05-lint-cpu-r53.md).
 *
 * <p>The agent asks for no capability and adds no transformer, so the JVM posts no class-file load hook (the
 * {@code java.instrument} agent enables that event only when a transformer is added); a runtime without the {@code
 * java.instrument} module skips it ({@code getMainClassFromJar} looks the module up first) and starts as before.
 */
public final class JarOpenedOnceAgent {

    private JarOpenedOnceAgent() {}

    /** Opens this class's jar through the system class loader while the launcher still holds it open. */
    public static void agentmain(String arguments, Instrumentation instrumentation) {
        ClassLoader loader = JarOpenedOnceAgent.class.getClassLoader();
        if (loader != null) {
            loader.getResource("META-INF/MANIFEST.MF");
        }
    }
}
