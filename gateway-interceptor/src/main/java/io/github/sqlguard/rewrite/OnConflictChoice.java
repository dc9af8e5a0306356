package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.diagnosis.OnConflictRequiredRule;
import io.github.sqlguard.statement.StatementKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code on-conflict}, for {@code on-conflict-required} (Flink 2.3, FLIP-558): the INSERT with each
 * of Flink's three choices, every one proven and offered, each with its state cost as Flink 2.3
 * implements it ({@code StreamExecSink#applyUpsertMaterialize}): {@code DO DEDUPLICATE} keeps every
 * version of each primary key in the sink's upsert materializer; {@code DO NOTHING} and {@code DO
 * ERROR} buffer rows until the watermark passes them and need a watermark on every source table
 * (Flink refuses them otherwise, and then they are not offered). All keep the materializer's state
 * under the state TTL.
 */
final class OnConflictChoice implements RewriteFamily {

    static final String ID = "on-conflict";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Set<String> rules() {
        return Set.of(OnConflictRequiredRule.ID);
    }

    /** Every choice is offered: which conflict rule is right is the user's decision, not the guard's. */
    @Override
    public boolean offersEveryCandidate() {
        return true;
    }

    @Override
    public List<Candidate> candidates(Finding finding, RewriteContext context) {
        if (context.request().statement().kind() != StatementKind.INSERT) {
            return List.of();
        }
        String text = context.text().strip();
        if (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1).stripTrailing();
        }
        if (text.toUpperCase(Locale.ROOT).contains("ON CONFLICT")) {
            return List.of();
        }
        String ttl = StateTtl.effective(context.request().config()).isZero() ? "no TTL: it grows forever"
                : "TTL " + StateTtl.format(StateTtl.effective(context.request().config()));
        List<Candidate> out = new ArrayList<>();
        out.add(choice(finding, text, "DEDUPLICATE",
                "the latest row per primary key wins; the sink's upsert materializer keeps every version of each key it"
                        + " has not seen retracted (Flink: \"state intensive\"), under the state " + ttl));
        out.add(choice(finding, text, "NOTHING",
                "the first row per primary key is kept and later conflicting rows are dropped; rows are buffered until"
                        + " the watermark passes them, and the materializer keeps the current row per key under the state "
                        + ttl));
        out.add(choice(finding, text, "ERROR",
                "the job fails on the first row whose key conflicts with another's; rows are buffered until the"
                        + " watermark passes them, and the materializer keeps the current row per key under the state " + ttl));
        return out;
    }

    private Candidate choice(Finding finding, String text, String action, String changes) {
        String statement = text + "\nON CONFLICT DO " + action;
        return new Candidate(
                ID, finding.ruleId(), finding.node(), List.of(), statement, statement, Map.of(), List.of(), Intent.PLANS,
                Columns.SAME, "ON CONFLICT DO " + action + ": " + changes, "", Optional.empty());
    }
}
