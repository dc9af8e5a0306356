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
    void theJobOfASavepointIsTheMostRecentWhoseOperatorIdsHoldAllOfItsState() throws Exception {
        PlanStore store = new PlanStore(dir);
        store.record("aa01", new PlannedJob("{\"nodes\":[]}", Map.of(1, List.of("01"), 2, List.of("02"))));
        Thread.sleep(5);
        store.record("aa02", new PlannedJob("{\"nodes\":[1]}", Map.of(1, List.of("01"), 2, List.of("02", "03"))));
        store.record("aa03", new PlannedJob("{\"nodes\":[2]}", Map.of(1, List.of("09"))));

        assertThat(store.jobOf(List.of("01", "02"))).get().extracting(PlanStore.StoredJob::jobId).isEqualTo("aa02");
        assertThat(store.jobOf(List.of("09"))).get().satisfies(job -> {
            assertThat(job.job().plan()).isEqualTo("{\"nodes\":[2]}");
            assertThat(job.job().operatorIds()).isEqualTo(Map.of(1, List.of("09")));
        });
        assertThat(store.jobOf(List.of("01", "09"))).isEmpty();
        assertThat(new PlanStore(dir.resolve("none")).jobOf(List.of("01"))).isEmpty();
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("aa01.json", "aa02.json", "aa03.json");
        }
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

        List<String> own = GuardFiles.ownLocations(configured, Map.of(), Map.of());
        assertThat(GuardFiles.of(own).covers(dir.resolve("x.json").toUri().toString())).isTrue();
    }
}
