package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import org.apache.flink.table.catalog.listener.CatalogModificationEvent;
import org.apache.flink.table.catalog.listener.CatalogModificationListener;
import org.apache.flink.table.catalog.listener.CatalogModificationListenerFactory;
import org.apache.flink.table.catalog.listener.CreateTableEvent;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code sql-guard.fetch-results.max-wait} reaches the result route ({@code ReadyResultsHandler}) of Flink's real
 * SqlGateway started with the guard endpoint ({@code GuardEndpointFactory}): under a wait of a day, a result request
 * of a held {@code CREATE TABLE} still running after the default's 100 ms is answered with its result once it ends,
 * not with {@code NOT_READY}.
 */
class ResultsMaxWaitOptionIT {

    /** The table whose creation {@link HeldCreateListenerFactory}'s listener holds on Flink's operation thread. */
    private static final String HELD_TABLE = "held_by_listener";

    private static final CountDownLatch ENTERED = new CountDownLatch(1);
    private static final CountDownLatch RELEASE = new CountDownLatch(1);

    /**
     * A catalog modification listener ({@code table.catalog-modification.listeners}) that holds the creation of {@link
     * #HELD_TABLE} until the test releases it: Flink's {@code CatalogManager#createTable} calls it on the operation's
     * thread once the table is created, so the statement runs until then. Registered for the tests of this module only
     * (src/test/resources/META-INF/services).
     */
    public static final class HeldCreateListenerFactory implements CatalogModificationListenerFactory {
        @Override
        public CatalogModificationListener createListener(Context context) {
            return ResultsMaxWaitOptionIT::onEvent;
        }

        @Override
        public String factoryIdentifier() {
            return "sql-guard-test-held-create";
        }
    }

    private static void onEvent(CatalogModificationEvent event) {
        if (event instanceof CreateTableEvent create && create.identifier().getObjectName().equals(HELD_TABLE)) {
            ENTERED.countDown();
            try {
                RELEASE.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    void aResultRequestWaitsForTheHeldStatementBeyondTheDefaultUnderTheConfiguredWait() throws Exception {
        try (GuardedGateway gateway = GuardedGateway.start(Map.of(
                        "sql-guard.fetch-results.max-wait", "1 d",
                        "table.catalog-modification.listeners", "sql-guard-test-held-create"));
                RestSession session = gateway.openSession(Map.of())) {
            String operation = session.submit(
                    "CREATE TABLE " + HELD_TABLE + " (id BIGINT) WITH ('connector' = 'datagen')", Map.of());
            try {
                assertThat(ENTERED.await(60, TimeUnit.SECONDS)).as("the CREATE TABLE reached the listener").isTrue();
                GatewayRestClient client = new GatewayRestClient(gateway.port());
                CompletableFuture<GatewayRestClient.Response> result = CompletableFuture.supplyAsync(() -> {
                    try {
                        return client.get(
                                "/sessions/" + session.handle() + "/operations/" + operation + "/result/0?rowFormat=JSON");
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                // Held for more than the default's 100 ms (a lower bound only: no upper one is assumed).
                Thread.sleep(1_000);
                RELEASE.countDown();
                GatewayRestClient.Response response = result.get(60, TimeUnit.SECONDS);
                assertThat(response.ok()).as(response.errors()).isTrue();
                assertThat(response.body().path("resultType").asText())
                        .as("answered once the statement ended, not when the default wait ran out")
                        .isNotEqualTo("NOT_READY");
                assertThat(response.body().path("results").path("data").toString()).contains("OK");
            } finally {
                RELEASE.countDown();
                session.closeOperation(operation);
            }
        }
    }
}
