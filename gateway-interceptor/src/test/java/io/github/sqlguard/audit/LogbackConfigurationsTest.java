package io.github.sqlguard.audit;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.status.Status;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Consumer;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Logback configurations the project ships configure without a warning. Logback prints its whole
 * internal status to the console when a configuration warns (for example of a deprecated attribute,
 * such as {@code converterClass} of {@code <conversionRule>} in Logback 1.5), so one warning puts
 * some 30 status lines in front of every gateway start and every {@code sql-guard lint} run.
 */
class LogbackConfigurationsTest {

    @ParameterizedTest
    @ValueSource(strings = {"conf/logback.xml", "conf/logback-client.xml", "dist/src/cli/logback.xml"})
    void configuresWithoutAWarning(String file, @TempDir Path logDir) throws Exception {
        Path config = Path.of("..").resolve(file);
        assertThat(config).exists();
        LoggerContext context = configured(config, logDir);
        try {
            List<String> warnings = context.getStatusManager().getCopyOfStatusList().stream()
                    .filter(status -> status.getEffectiveLevel() >= Status.WARN)
                    .map(Status::toString)
                    .collect(Collectors.toList());
            assertThat(warnings).as("Logback's warnings for %s", file).isEmpty();
        } finally {
            context.stop();
        }
    }

    /**
     * The gateway's console shows a failed operation as one line each, without its stack trace (the
     * gateway log keeps it): Flink logs each statement the guard refuses three times at ERROR with its
     * trace (the third through the REST handler, the guard's {@code ReadyResultsHandler} for a result request,
     * which Flink's {@code AbstractHandler} logs under its own class). Logback reads an unescaped {@code (} in a
     * pattern as the start of a group, which swallowed the closing parenthesis and the line break and let the
     * trace through.
     */
    @Test
    void theConsoleShowsAFailedOperationAsOneLineWithoutItsTrace(@TempDir Path logDir) throws Exception {
        List<String> lines = consoleLines(logDir, context -> {
            context.getLogger("org.apache.flink.table.gateway.service.operation.OperationManager")
                    .error("Failed to execute the operation 1.", new IllegalStateException("refused"));
            context.getLogger("org.apache.flink.table.gateway.service.SqlGatewayServiceImpl")
                    .error("Failed to fetchResults.", new IllegalStateException("refused"));
            // The guard's result handler: Flink's AbstractHandler logs under the handler's class.
            context.getLogger("io.github.sqlguard.endpoint.rest.ReadyResultsHandler")
                    .error("Unhandled exception.", new IllegalStateException("refused"));
        });
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).endsWith(" ERROR o.a.f.t.g.s.o.OperationManager - Failed to execute the operation 1."
                + " (stack trace in the gateway log)");
        assertThat(lines.get(1)).endsWith(" - Failed to fetchResults. (stack trace in the gateway log)");
        assertThat(lines.get(2)).endsWith(" ERROR i.g.s.e.rest.ReadyResultsHandler - Unhandled exception."
                + " (stack trace in the gateway log)");
    }

    /**
     * When a bounded query ends in the embedded gateway, the MiniCluster of its job shuts down while Flink's result
     * fetcher still polls it, and the fetcher and its sink's coordinator warn with a stack trace each, after the client
     * had its rows (seen with {@code conf/examples/02-window-top-n.sql} through {@code bin/sql-guard-gateway.sh}): the
     * console shows each as one line, the gateway log keeps the traces.
     */
    @Test
    void theConsoleShowsTheResultFetchersWarningsAtAQuerysEndAsOneLineEach(@TempDir Path logDir) throws Exception {
        List<String> lines = consoleLines(logDir, context -> {
            context.getLogger("org.apache.flink.streaming.api.operators.collect.CollectSinkOperatorCoordinator")
                    .warn("Collect sink coordinator encounters a CompletionException: java.net.SocketException: Broken pipe",
                            new java.util.concurrent.CompletionException(new java.net.SocketException("Broken pipe")));
            context.getLogger("org.apache.flink.streaming.api.operators.collect.CollectResultFetcher")
                    .warn("Failed to get job status so we assume that the job has terminated. Some data might be lost.",
                            new IllegalStateException("MiniCluster is not yet running or has already been shut down."));
        });
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).endsWith(" - Collect sink coordinator encounters a CompletionException:"
                + " java.net.SocketException: Broken pipe (stack trace in the gateway log)");
        assertThat(lines.get(1)).endsWith(" - Failed to get job status so we assume that the job has terminated."
                + " Some data might be lost. (stack trace in the gateway log)");
        assertThat(java.nio.file.Files.readString(logDir.resolve("sql-guard-gateway.log")))
                .contains("java.util.concurrent.CompletionException: java.net.SocketException: Broken pipe",
                        "java.lang.IllegalStateException: MiniCluster is not yet running or has already been shut down.",
                        "\tat io.github.sqlguard.audit.LogbackConfigurationsTest");
    }

    /**
     * The audit file is JSON Lines, and JSON text is UTF-8 (RFC 8259): its encoder names the charset, so that
     * a statement's non-ASCII text is not written as {@code ?} by a JVM whose default charset is another
     * ({@code LayoutWrappingEncoder} and {@code MessageLineEncoder} encode with the JVM's default otherwise).
     */
    @ParameterizedTest
    @ValueSource(strings = {"conf/logback.xml", "conf/logback-client.xml"})
    void theAuditFileIsWrittenInUtf8(String file) throws Exception {
        Element root = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Path.of("..").resolve(file).toFile()).getDocumentElement();
        NodeList encoders = root.getElementsByTagName("encoder");
        int audit = 0;
        for (int i = 0; i < encoders.getLength(); i++) {
            Element encoder = (Element) encoders.item(i);
            if (encoder.getAttribute("class").endsWith("MessageLineEncoder")) {
                audit++;
                NodeList charset = encoder.getElementsByTagName("charset");
                assertThat(charset.getLength()).as("the audit encoder's <charset> in %s", file).isEqualTo(1);
                assertThat(charset.item(0).getTextContent().strip()).isEqualTo("UTF-8");
            }
        }
        assertThat(audit).as("the audit file's encoder in %s", file).isEqualTo(1);
    }

    /**
     * A statement the guard refused is one line on the console, the guard's WARN naming the operation and the rules:
     * Flink's three ERROR lines about the refused operation's failure (which name no rule) are dropped from the console
     * ({@code GuardRefusalFilter}), while Flink's ERROR lines of any other failure stay, and the gateway log keeps them
     * all.
     */
    @Test
    void theConsoleShowsARefusedStatementAsTheGuardsOneLineNamingItsRules(@TempDir Path logDir) throws Exception {
        Exception refused = new IllegalStateException("Failed to execute the statement.",
                new io.github.sqlguard.service.StatementBlockedException(
                        "[sql-guard] Statement blocked by policy: unbounded-rank"));
        List<String> lines = consoleLines(logDir, context -> {
            context.getLogger("io.github.sqlguard.service.StatementCalls")
                    .warn("sql-guard refused operation 1 of session 2: rules unbounded-rank.");
            context.getLogger("org.apache.flink.table.gateway.service.operation.OperationManager")
                    .error("Failed to execute the operation 1.", refused);
            context.getLogger("org.apache.flink.table.gateway.service.SqlGatewayServiceImpl")
                    .error("Failed to fetchResults.", refused);
            context.getLogger("io.github.sqlguard.endpoint.rest.ReadyResultsHandler")
                    .error("Unhandled exception.", refused);
            // Flink's own failure of another statement stays.
            context.getLogger("org.apache.flink.table.gateway.service.operation.OperationManager")
                    .error("Failed to execute the operation 3.", new IllegalStateException("Object 'x' not found"));
        });
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).endsWith(" WARN  i.g.sqlguard.service.StatementCalls - sql-guard refused operation 1 of"
                + " session 2: rules unbounded-rank.");
        assertThat(lines.get(1)).endsWith(" ERROR o.a.f.t.g.s.o.OperationManager - Failed to execute the operation 3."
                + " (stack trace in the gateway log)");
        String gatewayLog = java.nio.file.Files.readString(logDir.resolve("sql-guard-gateway.log"));
        assertThat(gatewayLog).contains("Failed to execute the operation 1.", "Failed to fetchResults.",
                "Unhandled exception.", "unbounded-rank");
    }

    /**
     * The console lines of the gateway's configuration ({@code conf/logback.xml}) after {@code logging} logged through
     * it: both console appenders ({@code CONSOLE} of the root logger, {@code CONSOLE_BRIEF} of Flink's operation
     * failures) write to one buffer; the gateway log goes to {@code logDir}.
     */
    private static List<String> consoleLines(Path logDir, Consumer<LoggerContext> logging) throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        LoggerContext context = configured(Path.of("..").resolve("conf/logback.xml"), logDir);
        try {
            ((OutputStreamAppender<?>) context
                    .getLogger("org.apache.flink.table.gateway.service.operation.OperationManager")
                    .getAppender("CONSOLE_BRIEF")).setOutputStream(console);
            ((OutputStreamAppender<?>) context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender("CONSOLE"))
                    .setOutputStream(console);
            logging.accept(context);
        } finally {
            context.stop();
        }
        return console.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** A Logback context configured by {@code config}, its files under {@code logDir}; the caller stops it. */
    private static LoggerContext configured(Path config, Path logDir) throws Exception {
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter());
        context.putProperty("sql-guard.log.dir", logDir.toString());
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(config.toFile());
        return context;
    }
}
