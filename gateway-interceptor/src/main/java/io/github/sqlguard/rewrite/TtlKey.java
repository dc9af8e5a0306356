package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.config.TtlUnknownKeyRule;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementKind;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code ttl-key}, for {@code ttl-unknown-key}: the {@code SET} with the key Flink reads, {@code
 * 'table.exec.state.ttl'} ({@code ExecutionConfigOptions#IDLE_STATE_RETENTION}), quoted, and the value
 * the user wrote, where that value is a duration Flink reads with a unit, at least {@code
 * sql-guard.min-state-ttl}, that expires; otherwise no rewrite (the value's own finding says what is
 * wrong with it). The comments before the {@code SET} stay.
 */
final class TtlKey implements RewriteFamily {

    static final String ID = "ttl-key";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(TtlUnknownKeyRule.ID),
            List.of(),
            "the `SET` with the key Flink reads, `'table.exec.state.ttl'`, and the value written");

    @Override
    public FamilyDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<Candidate> candidates(Finding finding, RewriteContext context) {
        if (!(context.request().statement() instanceof ParsedStatement.Configure set) || set.kind() != StatementKind.SET
                || set.key().isEmpty() || set.value().isEmpty()) {
            return List.of();
        }
        String written = set.value().get();
        Optional<Duration> read = StateTtl.isBareNumber(written) ? Optional.empty() : StateTtl.parse(written);
        if (read.isEmpty() || read.get().compareTo(context.request().minStateTtl()) < 0
                || StateTtl.neverExpires(read.get(), context.request().maxStateTtl())) {
            return List.of();
        }
        String value = written.strip();
        String rewritten = TtlWithUnit.leadingComments(set.text()) + "SET '" + StateTtl.KEY + "' = '"
                + value.replace("'", "''") + "'";
        return List.of(new Candidate(
                ID, context.answering(finding), List.of(), rewritten, rewritten, Map.of(), List.of(), Intent.NO_PLAN,
                Columns.SAME,
                "the state TTL is " + StateTtl.format(read.get()) + " for the session's later statements: Flink reads '"
                        + StateTtl.KEY + "', where '" + set.key().get() + "' changed nothing",
                "'" + value + "', the value written", Optional.empty()));
    }
}
