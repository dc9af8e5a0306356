package io.github.sqlguard.restore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.rules.limits.GuardFiles;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

class PlanStoreTest {

    @TempDir
    Path dir;

    @Test
    void theJobOfASavepointIsTheOneItsDirectoryNamesAmongThoseWithAllOfItsOperatorIds() throws Exception {
        PlanStore store = new PlanStore(dir);
        // Two statements of one shape share their operator ids (topology hashes).
        store.record("aa0100000000000000000000000000ff", new PlannedJob("{\"nodes\":[]}", Map.of(1, List.of("01"), 2, List.of("02"))));
        Thread.sleep(5);
        store.record("bb0200000000000000000000000000ff", new PlannedJob("{\"nodes\":[1]}", Map.of(1, List.of("01"), 2, List.of("02", "03"))));
        store.record("cc0300000000000000000000000000ff", new PlannedJob("{\"nodes\":[2]}", Map.of(1, List.of("09"))));

        assertThat(store.jobOf("file:/sp/savepoint-aa0100-0123456789ab", List.of("01", "02")).job())
                .get().extracting(PlanStore.StoredJob::jobId).isEqualTo("aa0100000000000000000000000000ff");
        assertThat(store.jobOf("file:/sp/savepoint-bb0200-0123456789ab/", List.of("01", "02")).job())
                .get().extracting(PlanStore.StoredJob::jobId).isEqualTo("bb0200000000000000000000000000ff");
        assertThat(store.jobOf("/cp/bb0200000000000000000000000000ff/chk-7", List.of("01", "02")).job()).isPresent();
        // A renamed directory: which of two statements cannot be told.
        assertThat(store.jobOf("file:/sp/kept-by-hand", List.of("01", "02")))
                .isEqualTo(new PlanStore.Found(java.util.Optional.empty(), 2));
        assertThat(store.jobOf("file:/sp/kept-by-hand", List.of("09")).job()).get().satisfies(job -> {
            assertThat(job.job().plan()).isEqualTo("{\"nodes\":[2]}");
            assertThat(job.job().operatorIds()).isEqualTo(Map.of(1, List.of("09")));
        });
        // A job this guard did not submit.
        assertThat(store.jobOf("file:/sp/savepoint-dd0400-0123456789ab", List.of("01", "02")).job()).isEmpty();
        assertThat(store.jobOf("file:/sp/savepoint-aa0100-0123456789ab", List.of("01", "09")).job()).isEmpty();
        assertThat(new PlanStore(dir.resolve("none")).jobOf("x", List.of("01")).job()).isEmpty();
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("aa0100000000000000000000000000ff.json",
                    "bb0200000000000000000000000000ff.json", "cc0300000000000000000000000000ff.json");
        }
    }

    @Test
    void aSavepointWhosePathNamesItsJobReadsOnlyThatJobsPlan() throws Exception {
        PlanStore store = new PlanStore(dir);
        store.record("aa0100000000000000000000000000ff", new PlannedJob("{\"nodes\":[]}", Map.of(1, List.of("01"))));
        store.record("bb0200000000000000000000000000ff", new PlannedJob("{\"nodes\":[1]}", Map.of(1, List.of("01"))));
        // Another job's file that cannot be read as a plan: read, it would fail the lookup.
        Files.writeString(dir.resolve("cc0300000000000000000000000000ff.json"), "not a plan");

        assertThat(store.jobOf("file:/sp/savepoint-aa0100-0123456789ab", List.of("01")).job())
                .get().extracting(PlanStore.StoredJob::jobId).isEqualTo("aa0100000000000000000000000000ff");
        assertThat(store.jobOf("/cp/bb0200000000000000000000000000ff/chk-3/_metadata", List.of("01")).job())
                .get().extracting(PlanStore.StoredJob::jobId).isEqualTo("bb0200000000000000000000000000ff");
        // A path that names no job: every stored plan is read.
        assertThatThrownBy(() -> store.jobOf("file:/sp/kept-by-hand", List.of("01")))
                .isInstanceOf(java.io.UncheckedIOException.class);
    }

    @Test
    void plansStoredLongerAgoThanTheRetentionAreDeleted() throws Exception {
        PlanStore store = new PlanStore(dir, java.time.Duration.ofDays(30));
        store.record("aa0100000000000000000000000000ff", new PlannedJob("{}", Map.of(1, List.of("01"))));
        store.record("bb0200000000000000000000000000ff", new PlannedJob("{}", Map.of(1, List.of("02"))));
        java.time.Instant now = java.time.Instant.now();
        Files.setLastModifiedTime(dir.resolve("aa0100000000000000000000000000ff.json"),
                java.nio.file.attribute.FileTime.from(now.minus(java.time.Duration.ofDays(31))));
        Path leftOver = dir.resolve(".cc0300000000000000000000000000ff123.tmp");
        Files.writeString(leftOver, "{");
        Files.setLastModifiedTime(leftOver, java.nio.file.attribute.FileTime.from(now.minus(java.time.Duration.ofDays(40))));

        assertThat(new PlanStore(dir, java.time.Duration.ZERO).prune(now)).isZero();
        assertThat(store.prune(now)).isEqualTo(2);
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactly("bb0200000000000000000000000000ff.json");
        }
        assertThat(store.jobOf("file:/sp/savepoint-aa0100-0123456789ab", List.of("01")).job()).isEmpty();
    }

    @Test
    void theRetentionIsConfiguredInFlinksDurationSyntax() {
        Configuration config = new Configuration();
        assertThat(PlanStore.of(config).retention()).isEqualTo(java.time.Duration.ofDays(90));
        config.setString("sql-guard.restore.plan-retention", "12 h");
        assertThat(PlanStore.of(config).retention()).isEqualTo(java.time.Duration.ofHours(12));
        assertThatThrownBy(() -> new PlanStore(dir, java.time.Duration.ofDays(-1))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aJobIdThatIsNotOneIsNotAFileName() {
        assertThatThrownBy(() -> new PlanStore(dir).record("../x", new PlannedJob("{}", Map.of())))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theDirectoryIsTheConfiguredOneOrBesideTheGuardsLogsAndIsOneOfTheGuardsOwnLocations() {
        Configuration configured = new Configuration();
        configured.set(GuardOptions.RESTORE_PLAN_DIR, dir.toString());
        assertThat(PlanStore.directory(configured, Map.of(), Map.of())).isEqualTo(dir.toAbsolutePath());
        assertThat(PlanStore.directory(new Configuration(), Map.of("sql-guard.log.dir", "/var/log/guard"), Map.of()))
                .isEqualTo(Path.of("/var/log/guard/sql-guard-plans"));
        assertThat(PlanStore.directory(new Configuration(), Map.of(), Map.of("FLINK_LOG_DIR", "/opt/flink/log")))
                .isEqualTo(Path.of("/opt/flink/log/sql-guard-plans"));
        // A stock bin/sql-gateway.sh: FLINK_LOG_DIR not exported, only -Dlog.file (bin/flink-daemon.sh).
        assertThat(PlanStore.directory(new Configuration(),
                        Map.of("log.file", "/opt/flink/log/flink-sql-gateway-0-host.log", "java.io.tmpdir", "/tmp"), Map.of()))
                .isEqualTo(Path.of("/opt/flink/log/sql-guard-plans"));
        assertThat(PlanStore.directory(new Configuration(), Map.of("java.io.tmpdir", "/tmp"), Map.of()))
                .isEqualTo(Path.of("/tmp/sql-guard-plans"));

        List<String> own = GuardFiles.ownLocations(configured, Map.of(), Map.of());
        assertThat(GuardFiles.of(own).covers(dir.resolve("x.json").toUri().toString())).isTrue();
    }
}
