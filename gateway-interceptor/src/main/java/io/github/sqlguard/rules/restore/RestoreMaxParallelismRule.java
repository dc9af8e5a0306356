package io.github.sqlguard.rules.restore;

import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.Restore.MaxParallelismConflict;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;

import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code restore-max-parallelism}: the new job claims the savepoint's state, but Flink would not
 * assign it for its maximum parallelism (the number of key groups keyed state is split into): the
 * state's maximum parallelism is below the new vertex's parallelism, or the new job configures
 * another one ({@code pipeline.max-parallelism}). Flink fails the job's submission as its JobManager
 * loads the savepoint ({@code Checkpoints#loadAndValidateCheckpoint}) or assigns its state ({@code
 * StateAssignmentOperation#checkParallelismPreconditions}), 1.20 and 2.3 alike. Judged before
 * anything is submitted, from the maximum parallelism the savepoint's metadata records for each
 * operator ({@code OperatorState#getMaxParallelism}) and the new job's vertices as Flink's scheduler
 * computes them ({@code SchedulerBase#computeVertexParallelismStore}); for {@code lint}, from the
 * previous version's job as Flink would have run it.
 */
public final class RestoreMaxParallelismRule extends RestoreRule {

    public static final String ID = "restore-max-parallelism";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.BLOCK,
                    "The new job's parallelism or configured maximum parallelism does not fit the maximum parallelism the"
                            + " savepoint's state was taken with: Flink refuses the job when it loads the savepoint.");

    public RestoreMaxParallelismRule() {
        super(DECLARATION);
    }

    @Override
    List<RuleHit> check(Restore restore) {
        List<MaxParallelismConflict> conflicts = restore.maxParallelism();
        if (restore.unreadable().isPresent() || conflicts.isEmpty()) {
            return List.of();
        }
        boolean below = conflicts.stream().anyMatch(c -> c.cause() == MaxParallelismConflict.Cause.BELOW_PARALLELISM);
        boolean configured = conflicts.stream().anyMatch(c -> c.cause() == MaxParallelismConflict.Cause.CONFIGURED_OTHERWISE);
        int saved = conflicts.get(0).savedMaxParallelism();
        String flink = (below
                        ? " Flink cannot split keyed state over more parallel instances than its maximum parallelism (\"The"
                                + " maximum parallelism (" + saved + ") of the restored state is lower than the configured"
                                + " parallelism\")."
                        : "")
                + (configured
                        ? " Keyed state is kept in as many key groups as the maximum parallelism it was taken with; Flink"
                                + " takes the savepoint's where the job leaves it unset, but a configured one must equal it"
                                + " (\"Max parallelism mismatch between checkpoint/savepoint state and new program\")."
                        : "");
        String fix = (configured
                        ? "Set 'pipeline.max-parallelism' to the savepoint's (" + saved + "), or leave it unset and Flink takes"
                                + " the savepoint's. "
                        : "")
                + (below
                        ? "Run the job with a parallelism of at most " + saved + " ('parallelism.default'); to go above it,"
                                + " the state must be rewritten with another maximum parallelism (Flink's State Processor"
                                + " API) or rebuilt without the savepoint. "
                        : "")
                + "A maximum parallelism is fixed for the life of the state: choose it once, above any parallelism the job"
                + " will need.";
        return List.of(RuleHit.of(
                "Flink would refuse this job as it loads " + RestoreRules.theSavepoint(restore) + RestoreRules.ofJob(restore)
                        + ": " + conflicts.stream().map(MaxParallelismConflict::describe).collect(Collectors.joining("; "))
                        + "." + flink + " The job's submission fails; no task runs.",
                RestoreRules.node(restore),
                "",
                fix.strip()));
    }
}
