package io.github.sqlguard.audit.logback;

import io.github.sqlguard.audit.Redactor;

import ch.qos.logback.classic.pattern.ThrowableProxyConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * Logback's {@code %ex} with the secrets of the exception's messages masked ({@link
 * Redactor#maskSecrets}): Flink's exceptions quote values (a table that cannot be created lists its
 * options). The project's {@code conf/logback.xml} prints exceptions with it ({@code %maskedEx}).
 */
public final class MaskingThrowableConverter extends ThrowableProxyConverter {

    @Override
    public String convert(ILoggingEvent event) {
        return Redactor.maskSecrets(super.convert(event));
    }
}
