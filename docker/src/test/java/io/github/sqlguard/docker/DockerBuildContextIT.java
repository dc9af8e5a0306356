package io.github.sqlguard.docker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What can be checked of the Docker deployment without a Docker engine, after {@code package} has
 * assembled {@code docker/target/lib}: the compose file parses and has the services and ports the
 * deployment guide lists ({@code docs/operations/deployment.md}, "Docker compose"); the Dockerfile starts from the official image of the build's
 * Flink version and every file it copies exists in the build context (the repository root).
 */
class DockerBuildContextIT {

    private static final Path ROOT =
            Path.of(System.getProperty("sql-guard.project.root", "..")).toAbsolutePath().normalize();
    private static final Path DOCKER = ROOT.resolve("docker");

    /** The deployment guide, whose "Docker compose" section lists the services. */
    private static final Path DEPLOYMENT_GUIDE = ROOT.resolve("docs/operations/deployment.md");

    /** A row of the guide's compose table: | `service` | host port or — | what it runs |. */
    private static final Pattern GUIDE_SERVICE = Pattern.compile("^\\| `([a-z-]+)` \\| (\\d+|—) \\|");

    @Test
    void composeHasTheServicesAndPortsTheDeploymentGuideStates() throws IOException {
        Map<String, Object> compose = yaml(DOCKER.resolve("docker-compose.yml"));
        Map<String, Object> services = map(compose.get("services"));
        Map<String, String> stated = guideServices();

        assertThat(stated).as("services listed in %s, \"Docker compose\"", DEPLOYMENT_GUIDE).isNotEmpty();
        assertThat(services.keySet()).containsExactlyInAnyOrderElementsOf(stated.keySet());
        stated.forEach(
                (service, port) -> {
                    List<Object> ports = list(map(services.get(service)).get("ports"));
                    if (port.equals("—")) {
                        assertThat(ports).as("published ports of %s", service).isEmpty();
                    } else {
                        assertThat(ports).as("published ports of %s", service).contains(port + ":" + port);
                    }
                });
        assertThat(services).containsKeys("jobmanager", "taskmanager", "sql-gateway", "sql-client");
        assertThat(list(map(services.get("sql-gateway")).get("command")))
                .containsExactly("bin/sql-gateway.sh", "start-foreground");
        assertThat(String.valueOf(map(services.get("sql-client")).get("command"))).contains("sql-gateway:8083");
    }

    @Test
    void everyServiceIsBuiltFromTheDockerfileWithTheRepositoryAsContext() throws IOException {
        Map<String, Object> services = map(yaml(DOCKER.resolve("docker-compose.yml")).get("services"));
        for (Map.Entry<String, Object> service : services.entrySet()) {
            Map<String, Object> build = map(map(service.getValue()).get("build"));
            Path context = DOCKER.resolve(String.valueOf(build.get("context"))).normalize();
            assertThat(context).as("build context of %s", service.getKey()).isEqualTo(ROOT);
            assertThat(context.resolve(String.valueOf(build.get("dockerfile")))).isRegularFile();
        }
    }

    @Test
    void dockerfileStartsFromTheOfficialImageOfTheBuildsFlinkVersion() throws IOException {
        List<String> from = instructions("FROM");
        assertThat(from).containsExactly("flink:" + System.getProperty("flink.version", "2.3.0") + "-java17");
    }

    @Test
    void everyFileTheDockerfileCopiesExistsInTheBuildOutput() throws IOException {
        List<String> copies = instructions("COPY");
        assertThat(copies).isNotEmpty();
        for (String copy : copies) {
            List<String> words = new ArrayList<>(List.of(copy.split("\\s+")));
            words.removeIf(w -> w.startsWith("--"));
            assertThat(words).as("COPY %s", copy).hasSizeGreaterThanOrEqualTo(2);
            for (String source : words.subList(0, words.size() - 1)) {
                Path path = ROOT.resolve(source);
                assertThat(path).as("COPY source %s", source).exists();
                if (Files.isDirectory(path)) {
                    try (Stream<Path> files = Files.list(path)) {
                        assertThat(files).as("COPY source directory %s", source).isNotEmpty();
                    }
                }
            }
        }
    }

    @Test
    void imageLibGetsTheDropInJarOnly() throws IOException {
        List<String> jars;
        try (Stream<Path> files = Files.list(DOCKER.resolve("target/lib"))) {
            jars = files.map(p -> p.getFileName().toString()).sorted().toList();
        }
        // The image's own lib/ (Flink, Log4j 2) stays as Flink ships it; only the drop-in jar is added.
        assertThat(jars).singleElement().asString()
                .startsWith("flink-sql-guard-")
                .endsWith("-flink-" + System.getProperty("flink.line", "2.3") + ".jar");
    }

    @Test
    void imageKeepsLog4jAndRoutesTheAuditLoggerToItsOwnFile() throws IOException {
        String dockerfile = Files.readString(DOCKER.resolve("Dockerfile"));
        assertThat(dockerfile).doesNotContain("logback").doesNotContain("rm -f /opt/flink/lib");
        assertThat(dockerfile).contains(">> /opt/flink/conf/log4j-console.properties");
        assertThat(Files.readString(ROOT.resolve("conf/deployments/docker/config.yaml")))
                .contains("env.java.opts.sql-gateway: -Dsql-guard.audit.file=/opt/flink/log/sql-guard-audit.jsonl");
    }

    /** The arguments of every Dockerfile instruction {@code name}, continuation lines joined. */
    private static List<String> instructions(String name) throws IOException {
        String text = Files.readString(DOCKER.resolve("Dockerfile")).replaceAll("\\\\\\n", " ");
        List<String> found = new ArrayList<>();
        for (String line : text.lines().toList()) {
            String trimmed = line.strip();
            if (trimmed.regionMatches(true, 0, name + " ", 0, name.length() + 1)) {
                found.add(trimmed.substring(name.length() + 1).strip());
            }
        }
        return found;
    }

    /** Service name to published host port ("—" for none) from the deployment guide's "Docker compose" section. */
    private static Map<String, String> guideServices() throws IOException {
        String guide = Files.readString(DEPLOYMENT_GUIDE);
        int start = guide.indexOf("\n## Docker compose");
        assertThat(start).as("%s has a '## Docker compose' section", DEPLOYMENT_GUIDE).isNotNegative();
        int end = guide.indexOf("\n## ", start + 1);
        String section = guide.substring(start, end < 0 ? guide.length() : end);
        Map<String, String> services = new LinkedHashMap<>();
        for (String line : section.lines().toList()) {
            Matcher matcher = GUIDE_SERVICE.matcher(line);
            if (matcher.find()) {
                services.put(matcher.group(1), matcher.group(2));
            }
        }
        return services;
    }

    private static Map<String, Object> yaml(Path file) throws IOException {
        try (Reader reader = Files.newBufferedReader(file)) {
            return new Yaml().load(reader);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        assertThat(value).isInstanceOf(Map.class);
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object value) {
        return value == null ? List.of() : (List<Object>) value;
    }
}
