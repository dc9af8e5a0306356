package io.github.sqlguard.install;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

/**
 * What the drop-in jar holds: the guard, and nothing a Flink installation already has or that could
 * clash with another jar of its {@code lib/}: every dependency relocated under {@code
 * io.github.sqlguard.shaded}, no SLF4J, no logging backend, no class of Flink's own jars.
 */
class DropInJarIT {

    private static final Path DROP_IN = Path.of(System.getProperty("sql-guard.drop-in"));

    @Test
    void holdsTheGuardAndItsRelocatedDependenciesOnly() throws IOException {
        List<String> classes = classes(DROP_IN);

        assertThat(classes).contains(
                "io/github/sqlguard/endpoint/GuardEndpointFactory.class",
                "io/github/sqlguard/audit/AuditLog.class");
        assertThat(classes)
                .as("every class is the guard's own or relocated under io.github.sqlguard.shaded")
                .allMatch(c -> c.startsWith("io/github/sqlguard/"));
        assertThat(classes).anyMatch(c -> c.startsWith("io/github/sqlguard/shaded/org/apache/flink/sql/parser/"))
                .anyMatch(c -> c.startsWith("io/github/sqlguard/shaded/org/apache/calcite/"))
                .anyMatch(c -> c.startsWith("io/github/sqlguard/shaded/com/google/common/"))
                .anyMatch(c -> c.startsWith("io/github/sqlguard/shaded/com/fasterxml/jackson/databind/"))
                .noneMatch(c -> c.contains("/org/slf4j/") || c.contains("/ch/qos/logback/")
                        || c.contains("/org/apache/logging/log4j/"));
    }

    @Test
    void registersTheEndpointFactoryAndNoJdbcDriver() throws IOException {
        try (JarFile jar = new JarFile(DROP_IN.toFile())) {
            ZipEntry factories = jar.getEntry("META-INF/services/org.apache.flink.table.factories.Factory");
            assertThat(factories).isNotNull();
            String text = new String(jar.getInputStream(factories).readAllBytes(), StandardCharsets.UTF_8);
            assertThat(text.strip()).isEqualTo("io.github.sqlguard.endpoint.GuardEndpointFactory");
            assertThat(jar.getEntry("META-INF/services/java.sql.Driver")).isNull();
            assertThat(jar.getManifest().getMainAttributes().getValue("Flink-Version"))
                    .isEqualTo(System.getProperty("flink.version"));
        }
    }

    @Test
    void sharesNoClassWithTheInstallation() throws IOException {
        FlinkInstallation flink = FlinkInstallation.laidOutByTheBuild();
        Set<String> installed = new HashSet<>();
        for (Path dir : List.of(flink.lib(), flink.home().resolve("opt"), flink.home().resolve("flink-dist"))) {
            try (Stream<Path> jars = Files.list(dir)) {
                for (Path jar : jars.filter(j -> j.toString().endsWith(".jar")).toList()) {
                    if (!jar.getFileName().toString().startsWith("flink-sql-guard")) {
                        installed.addAll(classes(jar));
                    }
                }
            }
        }
        assertThat(installed).hasSizeGreaterThan(10_000);
        assertThat(classes(DROP_IN)).doesNotContainAnyElementsOf(installed);
    }

    private static List<String> classes(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream()
                    .map(ZipEntry::getName)
                    .filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/"))
                    .toList();
        }
    }
}
