package io.github.sqlguard.audit;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.status.Status;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import java.util.List;
import java.util.stream.Collectors;
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
        LoggerContext context = new LoggerContext();
        context.putProperty("sql-guard.log.dir", logDir.toString());
        try {
            JoranConfigurator configurator = new JoranConfigurator();
            configurator.setContext(context);
            configurator.doConfigure(config.toFile());
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
}
