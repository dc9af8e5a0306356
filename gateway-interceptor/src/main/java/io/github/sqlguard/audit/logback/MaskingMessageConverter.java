package io.github.sqlguard.audit.logback;

import io.github.sqlguard.audit.Redactor;

import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * Logback's {@code %msg} with the secrets it quotes masked ({@link Redactor#maskSecrets}): the
 * gateway log's lines, the guard's and Flink's alike. Flink logs values of the statements it runs:
 * with {@code table.exec.simplify-operator-name-enabled: false}, at DEBUG, {@code
 * StreamGraphGenerator} logs each transformation's name, which quotes an {@code OPTIONS} hint's
 * values. The project's {@code conf/logback.xml} writes its gateway log and console with this
 * converter ({@code %maskedMsg}), not its audit, whose records are masked when they are made.
 */
public final class MaskingMessageConverter extends MessageConverter {

    @Override
    public String convert(ILoggingEvent event) {
        return Redactor.maskSecrets(super.convert(event));
    }
}
