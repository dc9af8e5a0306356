package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code sql-guard.audit.held-up-after} reaches the audit log of Flink's real SqlGateway started with the guard
 * endpoint ({@code GuardEndpointFactory}): a write held for longer than the default (250 µs) is not held up under a
 * threshold of a day.
 */
class AuditHeldUpOptionIT {

    /** Holds the audit's logging event of a statement with {@code marker} in its text until released. */
    private static final class SlowWrite extends AppenderBase<ILoggingEvent> {
        private final String marker;
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        volatile long enteredAt;

        SlowWrite(String marker) {
            this.marker = marker;
        }

        @Override
        protected void append(ILoggingEvent event) {
            if (event.getFormattedMessage().contains(marker)) {
                enteredAt = System.nanoTime();
                entered.countDown();
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    @Test
    void aWriteHeldLongerThanTheDefaultIsNotHeldUpUnderTheConfiguredThreshold() throws Exception {
        try (GuardedGateway gateway = GuardedGateway.start(Map.of("sql-guard.audit.held-up-after", "1 d"))) {
            Logger audit = (Logger) LoggerFactory.getLogger(AuditLog.LOGGER_NAME);
            SlowWrite slow = new SlowWrite("held-up-option");
            slow.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
            slow.start();
            audit.addAppender(slow);
            try (RestSession session = gateway.openSession(Map.of())) {
                CompletableFuture<String> set = CompletableFuture.supplyAsync(() -> {
                    try {
                        return session.submit("SET 'pipeline.name' = 'held-up-option'", Map.of());
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                assertThat(slow.entered.await(60, TimeUnit.SECONDS)).isTrue();
                // Written for more than the default's 250 µs (a lower bound only: no upper one is assumed).
                while (System.nanoTime() - slow.enteredAt < TimeUnit.MILLISECONDS.toNanos(1)) {
                    Thread.sleep(1);
                }
                assertThat(gateway.runtime().guarded().auditHeldUp()).as("a write held for less than a day").isFalse();
                slow.release.countDown();
                assertThat(set.get(60, TimeUnit.SECONDS)).isNotEmpty();
            } finally {
                slow.release.countDown();
                audit.detachAppender(slow);
            }
        }
    }
}
