package io.github.sqlguard.cli;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import org.apache.flink.configuration.Configuration;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A guarded gateway for one test class, with the project's logback (audit to target/client-test-logs). */
final class TestGateway {

    static final Path LOG_DIR = Path.of("target", "client-test-logs").toAbsolutePath();

    private TestGateway() {}

    static EmbeddedGuardedGateway start() throws Exception {
        configureLogging();
        Configuration config = new Configuration();
        config.setString("execution.runtime-mode", "streaming");
        config.setString("parallelism.default", "1");
        return EmbeddedGuardedGateway.start(config);
    }

    static Path auditFile() {
        return LOG_DIR.resolve("sql-guard-audit.jsonl");
    }

    static List<String> auditLines() throws Exception {
        return Files.exists(auditFile()) ? Files.readAllLines(auditFile()) : List.of();
    }

    static Path projectRoot() {
        Path module = Path.of("").toAbsolutePath();
        return Files.exists(module.resolve("conf/logback.xml")) ? module : module.getParent();
    }

    private static synchronized void configureLogging() throws Exception {
        Files.createDirectories(LOG_DIR);
        System.setProperty("sql-guard.log.dir", LOG_DIR.toString());
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(projectRoot().resolve("conf/logback.xml").toFile());
    }
}
