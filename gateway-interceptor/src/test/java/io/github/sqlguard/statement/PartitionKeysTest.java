package io.github.sqlguard.statement;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.List;

/** Which rankings' rows fall on one sink row by more than their rank ({@link PartitionKeys#rowsShareSinkRow}). */
class PartitionKeysTest {

    @Test
    void topOnePerUserAndShopIntoASinkKeyedByUserSharesItsRows() {
        // Case 526: the partitions of one user (one per shop) each write their top row to the user's sink row.
        assertThat(PartitionKeys.rowsShareSinkRow(List.of("user_id", "shop"), List.of("user_id"), 1)).isTrue();
    }

    @Test
    void topOnePerWindowAndCategoryIntoASinkKeyedByCategoryDoesNotShareItsRows() {
        // Lint case 59: the partitions of one category are windows, whose rows reach the sink one window after the
        // other: ON CONFLICT DO DEDUPLICATE keeps the latest window's, as a window Top-1 keyed so plans with no clause.
        assertThat(PartitionKeys.rowsShareSinkRow(List.of("window_start", "window_end", "category"), List.of("category"), 1))
                .isFalse();
        assertThat(PartitionKeys.rowsShareSinkRow(List.of("w.window_start", "w.window_end"), List.of("window_start"), 1))
                .isFalse();
    }

    @Test
    void topThreePerWindowIntoASinkKeyedByTheWindowSharesItsRows() {
        // A window's three rows fall on its one sink row: no ON CONFLICT clause keeps them (the fix writes rn).
        assertThat(PartitionKeys.rowsShareSinkRow(List.of("window_start", "window_end"), List.of("window_start",
                "window_end"), 3)).isTrue();
    }

    @Test
    void topOnePerWindowAndCategoryIntoASinkKeyedByTheWindowSharesItsRows() {
        // The categories of one window each write their top row to the window's one sink row.
        assertThat(PartitionKeys.rowsShareSinkRow(List.of("window_start", "window_end", "category"), List.of("window_start"),
                1)).isTrue();
    }
}
