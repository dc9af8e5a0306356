package io.github.sqlguard.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.sqlguard.policy.PolicyReloader.Outcome;
import io.github.sqlguard.policy.PolicyReloader.Result;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.plan.LargeTopNRule;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptionsInternal;
import org.apache.flink.configuration.GlobalConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Policy reload from a real config.yaml rewritten on disk. */
class PolicyReloaderTest {

    private final RuleCatalog catalog = RuleCatalog.builtIn();

    @TempDir Path confDir;

    private Path write(String yaml) throws Exception {
        Path file = confDir.resolve("config.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    /** The gateway's start-up configuration: the file plus dynamic properties, as Flink loads it. */
    private Configuration startup(Configuration dynamic) {
        Configuration config = GlobalConfiguration.loadConfiguration(confDir.toString(), dynamic);
        config.set(DeploymentOptionsInternal.CONF_DIR, confDir.toString());
        return config;
    }

    @Test
    void appliesAChangedFileRejectsABadOneAndKeepsStartUpDynamicProperties() throws Exception {
        write("parallelism.default: 1\nsql-guard.max-top-n: 100\nsql-guard.rules.global-rank.level: WARN\n");
        Configuration dynamic = new Configuration();
        dynamic.setString("sql-guard.mode", "report");
        Configuration startup = startup(dynamic);
        PolicyHolder holder = new PolicyHolder(Policy.fromConfiguration(startup, catalog));
        List<Result> told = new CopyOnWriteArrayList<>();
        List<PolicyHolder.Change> swaps = new CopyOnWriteArrayList<>();
        holder.addListener(swaps::add);
        String startHash = holder.policyHash();

        try (PolicyReloader reloader =
                new PolicyReloader(confDir.resolve("config.yaml"), startup, catalog, holder, Duration.ofMillis(100))) {
            reloader.addListener(told::add);
            reloader.start();

            write("parallelism.default: 1\nsql-guard.max-top-n: 200\nsql-guard.rules.global-rank.level: BLOCK\n");
            await().atMost(Duration.ofSeconds(10)).until(() -> holder.current().option(LargeTopNRule.MAX_TOP_N) == 200);
            Policy applied = holder.current();
            assertThat(applied.level("global-rank")).isEqualTo(Level.BLOCK);
            assertThat(applied.mode()).as("a -D option keeps precedence").isEqualTo(Mode.REPORT);
            assertThat(told).singleElement().satisfies(r -> {
                assertThat(r.outcome()).isEqualTo(Outcome.APPLIED);
                assertThat(r.trigger()).isEqualTo(PolicyReloader.TRIGGER_FILE);
                assertThat(r.previousHash()).isEqualTo(startHash);
                assertThat(r.policyHash()).isEqualTo(applied.policyHash()).isNotEqualTo(startHash);
            });
            assertThat(swaps).singleElement().satisfies(c -> assertThat(c.current()).isSameAs(applied));

            write("parallelism.default: 1\nsql-guard.max-top-n: lots\n");
            await().atMost(Duration.ofSeconds(10)).until(() -> told.size() == 2);
            assertThat(told.get(1).outcome()).isEqualTo(Outcome.REJECTED);
            assertThat(told.get(1).reason()).contains("'sql-guard.max-top-n'").contains("lots");
            assertThat(told.get(1).policyHash()).isEqualTo(applied.policyHash());
            assertThat(holder.current()).isSameAs(applied);

            write("sql-guard.max-top-n: [unclosed\n");
            await().atMost(Duration.ofSeconds(10)).until(() -> told.size() == 3);
            assertThat(told.get(2).outcome()).isEqualTo(Outcome.REJECTED);
            assertThat(told.get(2).reason()).contains("YAML");
            assertThat(holder.current()).isSameAs(applied);

            // The same bad content is judged once, not at every poll.
            Thread.sleep(500);
            assertThat(told).hasSize(3);
        }
    }

    @Test
    void reloadOnRequestReportsUnchangedAndOptionsThatNeedARestart() throws Exception {
        write("sql-guard.max-top-n: 100\nsql-guard.identity.header: X-User\n");
        Configuration startup = startup(null);
        PolicyHolder holder = new PolicyHolder(Policy.fromConfiguration(startup, catalog));
        List<Result> told = new CopyOnWriteArrayList<>();
        try (PolicyReloader reloader =
                new PolicyReloader(confDir.resolve("config.yaml"), startup, catalog, holder, Duration.ZERO)) {
            reloader.addListener(told::add);

            Result same = reloader.reload(PolicyReloader.TRIGGER_ADMIN_ROUTE);
            assertThat(same.outcome()).isEqualTo(Outcome.UNCHANGED);
            assertThat(same.restartRequired()).isEmpty();

            write("sql-guard.max-top-n: 100\nsql-guard.identity.header: X-Forwarded-User\nsql-guard.reload.interval: 1 s\n");
            Result restart = reloader.reload(PolicyReloader.TRIGGER_ADMIN_ROUTE);
            assertThat(restart.outcome()).isEqualTo(Outcome.UNCHANGED);
            assertThat(restart.restartRequired())
                    .containsExactly("sql-guard.identity.header", "sql-guard.reload.interval");
            assertThat(told).as("unchanged reloads are not told").isEmpty();

            write("sql-guard.max-top-n: 100\nsql-guard.scopes.x.match.users: alice\nsql-guard.scopes.x.mode: report\n");
            Result scoped = reloader.reload(PolicyReloader.TRIGGER_ADMIN_ROUTE);
            assertThat(scoped.outcome()).isEqualTo(Outcome.APPLIED);
            assertThat(holder.current().forScope("alice", List.of(), null, null).policy().mode()).isEqualTo(Mode.REPORT);

            reloader.addValidator(c -> {
                if (c.toMap().containsKey("sql-guard.identity.trusted-proxies")) {
                    throw new IllegalArgumentException("bad 'sql-guard.identity.trusted-proxies'");
                }
            });
            write("sql-guard.max-top-n: 100\nsql-guard.identity.trusted-proxies: proxy.example.com\n");
            Result invalidStartOnly = reloader.reload(PolicyReloader.TRIGGER_ADMIN_ROUTE);
            assertThat(invalidStartOnly.outcome()).isEqualTo(Outcome.REJECTED);
            assertThat(invalidStartOnly.reason()).contains("'sql-guard.identity.trusted-proxies'");

            write("sql-guard.max-top-n: 100\nsql-guard.scopes.x.mode: report\n");
            Result invalidScope = reloader.reload(PolicyReloader.TRIGGER_ADMIN_ROUTE);
            assertThat(invalidScope.outcome()).isEqualTo(Outcome.REJECTED);
            assertThat(invalidScope.reason()).contains("Scope 'x' matches every session");
            assertThat(told).extracting(Result::outcome)
                    .containsExactly(Outcome.APPLIED, Outcome.REJECTED, Outcome.REJECTED);
        }
    }

    @Test
    void isOffWhenPollingAndTheRouteAreOffOrTheFileIsUnknown() throws Exception {
        write("sql-guard.max-top-n: 100\n");
        PolicyHolder holder = new PolicyHolder(Policy.defaults(catalog));
        Configuration off = startup(null);
        off.setString("sql-guard.reload.interval", "0 s");
        assertThat(PolicyReloader.fromConfiguration(off, catalog, holder)).isEmpty();

        off.setString("sql-guard.admin.reload-route.enabled", "true");
        assertThat(PolicyReloader.fromConfiguration(off, catalog, holder))
                .hasValueSatisfying(r -> assertThat(r.configFile()).isEqualTo(confDir.resolve("config.yaml")));

        assertThat(PolicyReloader.fromConfiguration(new Configuration(), catalog, holder))
                .as("no config dir known (FLINK_CONF_DIR is not set in tests)")
                .isEmpty();
    }
}
