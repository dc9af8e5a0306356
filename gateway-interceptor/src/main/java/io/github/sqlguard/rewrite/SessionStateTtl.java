package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;
import io.github.sqlguard.rules.plan.UnboundedRankRule;
import io.github.sqlguard.statement.ParsedStatement;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code session-state-ttl}, for {@code unbounded-rank} and {@code stateful-without-ttl}: the
 * statement as it is, after {@code SET 'table.exec.state.ttl' = '<sql-guard.rewrite.state-ttl>'}
 * ({@code ExecutionConfigOptions#IDLE_STATE_RETENTION}), which bounds the state of every stateful
 * operator that no {@code STATE_TTL} hint gives its own; never shorter than the statement's own time
 * bounds ({@link RewriteContext#proposedStateTtl()}). Proven with the value as the statement's
 * execution config, so the session keeps its own; proven only when the operator of the finding
 * gets that TTL in the compiled plan (a hint of {@code '0'} on it, or the call's own execution
 * config, would override the SET, and then this is not offered).
 */
final class SessionStateTtl implements RewriteFamily {

    static final String ID = "session-state-ttl";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(UnboundedRankRule.ID, StatefulWithoutTtlRule.ID),
            List.of("Rank", "GroupAggregate", "GlobalGroupAggregate", "Join", "Deduplicate"),
            "`SET 'table.exec.state.ttl'` (`sql-guard.rewrite.state-ttl`, never shorter than the statement's own time bounds) before the statement: every stateful operator no hint pins gets the TTL");

    @Override
    public FamilyDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<Candidate> candidates(Finding finding, RewriteContext context) {
        ParsedStatement statement = context.request().statement();
        if (statement.plannedBody().isEmpty()) {
            return List.of();
        }
        RewriteContext.ProposedTtl proposed = context.proposedStateTtl();
        Duration ttl = proposed.ttl();
        String value = proposed.value();
        String operator = finding.facts().operator().orElse("Rank");
        String text = context.text();
        return List.of(new Candidate(
                ID, finding.ruleId(), finding.node(), List.of("SET '" + StateTtl.KEY + "' = '" + value + "'"), text, text,
                Map.of(StateTtl.KEY, value), List.of(), Intent.operatorTtl(ttl, operator), Columns.SAME,
                "each stateful operator of this statement and of the session's later ones forgets a key's state " + value
                        + " after the key's last change (an idle key's " + (operator.equals("Rank") ? "ranking" : "state")
                        + " starts anew), where no STATE_TTL hint gives it another TTL"
                        + DistinctUnderTtl.changes(finding, context),
                proposed.chosen(), Optional.empty()));
    }
}
