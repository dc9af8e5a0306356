package io.github.sqlguard.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.statement.StatementKind;
import io.github.sqlguard.statement.StatementParser;

import org.junit.jupiter.api.Test;

class MemoryWorkloadTest {

    @Test
    void theRotationIsCheapAndRepeats() {
        StatementParser parser = new StatementParser();
        for (MemoryWorkload.Statement s : MemoryWorkload.ROTATION) {
            assertThat(parser.parse(s.sql()).kind()).as(s.sql()).isIn(StatementKind.SET, StatementKind.RESET, StatementKind.METADATA);
        }
        int size = MemoryWorkload.ROTATION.size();
        assertThat(MemoryWorkload.statement(size + 1)).isEqualTo(MemoryWorkload.statement(1));
        assertThat(MemoryWorkload.statement(99_999L)).isNotNull();
    }

    @Test
    void onlyTheBareNumberTtlIsRefusedAndItIsFollowedByAValidOne() {
        assertThat(MemoryWorkload.ROTATION).filteredOn(MemoryWorkload.Statement::refusedByGuard)
                .singleElement()
                .satisfies(s -> assertThat(s.sql()).isEqualTo("SET 'table.exec.state.ttl' = '24'"));
        // The plain gateway applies the 24 ms TTL; the rotation starts again with 1 h.
        assertThat(MemoryWorkload.statement(0).sql()).contains("'1 h'");
    }

    @Test
    void shortSessionsSendNothingRefused() {
        assertThat(MemoryWorkload.shortSession()).isNotEmpty().noneMatch(MemoryWorkload.Statement::refusedByGuard);
    }

    @Test
    void checkpointsAreEvenlySpacedAndEndAtTheTotal() {
        assertThat(MemoryWorkload.checkpoints(100_000, 5)).containsExactly(20_000L, 40_000L, 60_000L, 80_000L, 100_000L);
        assertThat(MemoryWorkload.checkpoints(3, 5)).containsExactly(1L, 2L, 3L);
        assertThat(MemoryWorkload.checkpoints(10, 3)).containsExactly(3L, 6L, 10L);
        assertThatThrownBy(() -> MemoryWorkload.checkpoints(0, 5)).isInstanceOf(IllegalArgumentException.class);
    }
}
