package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A stock gateway ({@code sql-gateway.endpoint.type: rest}) beside a guarded one, same configuration, same session
 * properties, same statements: where the guard must do what the stock gateway does. Both run with {@code
 * execution.target: remote} pointed at a port where nothing listens ({@link StockDifferential#nowhereConfig()}), so
 * no job starts on either side.
 *
 * <p>The corpus's differential check (every case statement and a fixed-seed sample of mutations against a stock
 * gateway) is made in {@code SharedCasesIT}'s run of the corpus, which sends it through the guarded gateway anyway
 * ({@link StockDifferential}; round 71: the corpus through the guarded REST gateway once, not twice).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DifferentialIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private GuardedGateway stock;
    private GuardedGateway guarded;

    @BeforeAll
    void startGateways() throws Exception {
        Map<String, String> config = StockDifferential.nowhereConfig();
        stock = GuardedGateway.start("rest", config);
        // SET statements only: nothing to prove (sql-guard.rewrite.enabled, off).
        Map<String, String> guardConfig = new HashMap<>(config);
        guardConfig.put("sql-guard.rewrite.enabled", "false");
        guarded = GuardedGateway.start("guard", guardConfig);
    }

    @AfterAll
    void stopGateways() {
        guarded.close();
        stock.close();
    }

    /**
     * A SET key padded with white space or a control character: the stock gateway trims it and sets
     * the real key ({@code OperationExecutor#callSetOperation}); the guard must judge that key. A
     * good value ends up under the same key in both sessions; a bare {@code '24'} (24 ms) that the
     * stock gateway applies is refused by the guard as {@code ttl-too-short}.
     */
    @Test
    void aPaddedSetKeyIsTheKeyTheStockGatewaySets() throws Exception {
        GatewayRestClient stockRest = new GatewayRestClient(stock.port());
        GatewayRestClient guardRest = new GatewayRestClient(guarded.port());
        for (String pad : List.of(" ", "\t", "\n", "\r", "\0", "\u0007")) {
            for (String statement : List.of("SET 'table.exec.state.ttl" + pad + "' = '%s'",
                    "SET '" + pad + "table.exec.state.ttl' = '%s'")) {
                String shown = statement.replace(pad, "<U+" + Integer.toHexString(pad.codePointAt(0)) + ">");
                try (RestSession plain = stock.openSession(Map.of()); RestSession guard = guarded.openSession(Map.of())) {
                    assertThat(plain.execute(statement.formatted("1 h"), 0, TIMEOUT).error()).as(shown).isNull();
                    assertThat(guard.execute(statement.formatted("1 h"), 0, TIMEOUT).error()).as(shown).isNull();
                    assertThat(sessionTtl(stockRest, plain)).as("stock, %s", shown).isEqualTo("1 h");
                    assertThat(sessionTtl(guardRest, guard)).as("guard, %s", shown).isEqualTo("1 h");

                    assertThat(plain.execute(statement.formatted("24"), 0, TIMEOUT).error()).as(shown).isNull();
                    assertThat(sessionTtl(stockRest, plain)).as("stock, %s", shown).isEqualTo("24");
                    assertThat(guard.execute(statement.formatted("24"), 0, TIMEOUT).error()).as(shown)
                            .contains("ttl-too-short");
                    assertThat(sessionTtl(guardRest, guard)).as("guard, %s", shown).isEqualTo("1 h");
                }
            }
        }
    }

    private static String sessionTtl(GatewayRestClient client, RestSession session) throws Exception {
        return client.get("/sessions/" + session.handle()).body().path("properties").path("table.exec.state.ttl")
                .asText(null);
    }
}
