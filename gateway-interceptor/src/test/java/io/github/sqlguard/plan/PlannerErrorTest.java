package io.github.sqlguard.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.PlannerErrors;

import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.gateway.service.utils.SqlExecutionException;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletionException;

/**
 * How {@link PlannerError} walks a chain (the real planner's chains are in {@code
 * DiagnosisThroughPlannerTest}); these are shapes the planner rarely produces: cycles, suppressed
 * exceptions, nothing but wrappers, text only.
 */
class PlannerErrorTest {

    @Test
    void putsTheRootReasonFirstAndTheOuterContextAfter() {
        Throwable t =
                new SqlExecutionException(
                        "Failed to execute the operation 42.",
                        new RuntimeException(
                                "Error while applying rule X, args [rel#1]",
                                new ValidationException("Over Agg: the real reason.")));
        PlannerError error = PlannerError.of(t);
        assertThat(error.root()).isEqualTo("Over Agg: the real reason.");
        // Calcite's wrapper keeps the rule, not its input relations' ids (they depend on what the JVM planned before).
        assertThat(error.chain()).containsExactly("Over Agg: the real reason.", "Error while applying rule X");
        assertThat(error.text()).isEqualTo("Over Agg: the real reason.\nContext: Error while applying rule X");
    }

    @Test
    void findsTheRootInASuppressedExceptionDeeperThanTheCause() {
        TableException outer = new TableException("Could not plan the statement.", new TableException("Shallow cause."));
        ValidationException deep = new ValidationException("Suppressed wrapper.", new ValidationException("Deep reason."));
        outer.addSuppressed(deep);
        PlannerError error = PlannerError.of(outer);
        assertThat(error.root()).isEqualTo("Deep reason.");
        // Same depth: the cause before the suppressed exception.
        assertThat(error.chain()).containsExactly("Deep reason.", "Shallow cause.", "Suppressed wrapper.", "Could not plan the statement.");
    }

    @Test
    void survivesACycleInTheChain() {
        RuntimeException a = new RuntimeException("outer");
        RuntimeException b = new RuntimeException("inner");
        a.initCause(b);
        b.initCause(a);
        a.addSuppressed(a.getCause());
        PlannerError error = PlannerError.of(a);
        assertThat(error.chain()).containsExactlyInAnyOrder("outer", "inner");
        assertThat(error.root()).isEqualTo("inner");
    }

    @Test
    void leavesOutWrappersAndMessagesThatOnlyRepeatTheCause() {
        TableException reason = new TableException("Sort on a non-time-attribute field is not supported.");
        Throwable t = new CompletionException(new RuntimeException(reason));
        assertThat(PlannerError.of(t).chain()).containsExactly("Sort on a non-time-attribute field is not supported.");
    }

    @Test
    void keepsAWrapperMessageWhenThereIsNothingElse() {
        assertThat(PlannerError.of(new SqlExecutionException("Session abc does not exist.")).root())
                .isEqualTo("Session abc does not exist.");
        assertThat(PlannerError.of(new IllegalStateException()).root()).isEqualTo("java.lang.IllegalStateException");
    }

    @Test
    void cutsCalcitesListOfExpectedTokens() {
        Throwable t = new ValidationException("SQL parse failed. Encountered \"FROM\" at line 1.\nWas expecting one of:\n    \"ALL\" ...");
        assertThat(PlannerError.of(t).text()).isEqualTo("SQL parse failed. Encountered \"FROM\" at line 1.");
    }

    @Test
    void readsAPrintedStackTraceLikeTheExceptions() {
        ValidationException reason =
                new ValidationException("Unsupported options found for 'datagen'.\n\nUnsupported options:\n\nstate.ttl");
        Throwable t =
                new SqlExecutionException(
                        "Failed to execute the operation 42.",
                        new ValidationException("Unable to create a source for reading table 'orders'.\n\nTable options are:", reason));
        t.addSuppressed(new IllegalStateException("closing failed"));
        PlannerError fromText = PlannerError.of(PlannerErrors.asText(t));
        PlannerError fromThrowable = PlannerError.of(t);
        assertThat(fromText.root()).isEqualTo(fromThrowable.root());
        assertThat(fromText.chain()).containsExactly(
                "Unsupported options found for 'datagen'.\n\nUnsupported options:\n\nstate.ttl",
                "Unable to create a source for reading table 'orders'.\n\nTable options are:",
                "closing failed");
    }

    @Test
    void readsItsOwnTextBack() {
        Throwable t =
                new ValidationException(
                        "SQL validation failed. From line 1, column 15 to line 1, column 20: Object 'clicks' not found",
                        new ValidationException("From line 1, column 15 to line 1, column 20: Object 'clicks' not found",
                                new ValidationException("Object 'clicks' not found")));
        PlannerError error = PlannerError.of(t);
        assertThat(error.text())
                .isEqualTo("Object 'clicks' not found\nContext: SQL validation failed. From line 1, column 15 to line 1, column 20");
        PlannerError back = PlannerError.of(error.text());
        assertThat(back.root()).isEqualTo("Object 'clicks' not found");
        assertThat(back.text()).isEqualTo(error.text());
        assertThat(back.find("SQL validation failed")).isPresent();
    }

    @Test
    void readsAPlainMessageAsItsOwnRoot() {
        PlannerError error = PlannerError.of("Non-query expression encountered in illegal context");
        assertThat(error.root()).isEqualTo(error.text()).isEqualTo("Non-query expression encountered in illegal context");
        assertThat(error.chain()).hasSize(1);
    }
}
