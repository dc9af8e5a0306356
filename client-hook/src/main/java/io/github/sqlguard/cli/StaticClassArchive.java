package io.github.sqlguard.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * lint's class-data archive before Java {@value FastStart#AOT_CACHE_FEATURE}: a static application CDS archive, dumped
 * from the list of classes the first run loaded, not the dynamic archive that run could write at exit ({@code
 * -XX:ArchiveClassesAtExit}, JEP 350).
 *
 * <p>JDK 17's dynamic archive leaves out every class whose class file is older than version 50 (its {@code
 * can_be_verified_at_dumptime}): picocli's 177 Java 5 class files, loaded from the jar on every start, about two
 * thirds of picocli's 4 % of a one-script lint (bench/results/2026-12-05-lint-cpu-r52.md). A static dump keeps them
 * (JDK-8261090, JDK 17) and the lambda proxy classes its list names ({@code @lambda-proxy} lines, as the dynamic
 * archive does); Scala's lambdas stay out of both (serializable lambdas: JDK 17's {@code
 * LambdaProxyClassArchive.register} skips them). Measured on a one-script lint's JVM: 781 classes not from the
 * archive with the dynamic one, 584 with the static one, none of them picocli's (bench/results/2026-12-05-lint-cpu-r53.md).
 *
 * <p>Two steps, as the AOT cache of later JVMs: the second JVM of the first run lints the training script and the
 * run's own with {@code -XX:DumpLoadedClassList} ({@link #recordOption}), then a third JVM ({@link #dumpCommand},
 * {@code -Xshare:dump}) writes the archive from that list. The archive replaces the JDK's default one as well (a
 * static archive is the only one mapped), so the list gets the JDK's default class list added ({@link
 * #addJdkClasses}): the JDK classes a run outside the training uses are still archived as without it.
 */
final class StaticClassArchive {

    /** The second JVM's option that writes the names of the classes it loaded. */
    static final String CLASS_LIST = "-XX:DumpLoadedClassList=";

    /** The dumping JVM's options naming the list it reads and the archive it writes. */
    static final String LIST_FILE = "-XX:SharedClassListFile=";

    static final String ARCHIVE_FILE = "-XX:SharedArchiveFile=";

    private StaticClassArchive() {}

    /** The option of the recording JVM: the list beside {@code archive}, {@code <archive>.classlist.<pid>.tmp}. */
    static String recordOption(Path archive, long pid) {
        return CLASS_LIST + archive.resolveSibling(archive.getFileName() + ".classlist." + pid + ".tmp");
    }

    /**
     * The command that dumps the archive from the list {@code recorded} wrote (a second JVM's command with {@link
     * #CLASS_LIST}): the same {@code java} and JVM options, so that the archive fits the JVMs that map it (compressed
     * pointers, the collector), {@code -Xshare:dump}, the list, the archive to write ({@code <archive>.<pid>.tmp},
     * renamed once complete) and the jar as the class path ({@code -cp}: a static archive is mapped only with the
     * class path it was dumped with, and {@code java -jar} makes the jar the class path); without the training
     * property and lint's arguments (the JVM runs no main class in this mode).
     */
    static List<String> dumpCommand(List<String> recorded) {
        List<String> dump = new ArrayList<>();
        for (int i = 0; i < recorded.size(); i++) {
            String option = recorded.get(i);
            if (option.startsWith(CLASS_LIST)) {
                String list = option.substring(CLASS_LIST.length());
                dump.add("-Xshare:dump");
                dump.add(LIST_FILE + list);
                dump.add(ARCHIVE_FILE + list.replaceFirst("\\.classlist\\.(\\d+)\\.tmp$", ".$1.tmp"));
            } else if (option.equals("-D" + FastStart.TRAINING_PROPERTY + "=true")) {
                continue;
            } else if (option.equals("-jar") && i + 1 < recorded.size()) {
                dump.add("-cp");
                dump.add(recorded.get(i + 1));
                break;
            } else {
                dump.add(option);
            }
        }
        return dump;
    }

    /**
     * Adds to {@code list} the classes of the JDK's default class list ({@code <java.home>/lib/classlist}, from
     * which the JDK's own archive was dumped), where there is one; a class named twice is archived once.
     */
    static void addJdkClasses(Path list, Path javaHome) throws IOException {
        Path jdk = javaHome.resolve("lib").resolve("classlist");
        if (Files.isRegularFile(jdk) && Files.isRegularFile(list)) {
            Files.write(list, Files.readAllLines(jdk), StandardOpenOption.APPEND);
        }
    }
}
