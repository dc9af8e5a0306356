package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.config.TtlBareNumberRule;
import io.github.sqlguard.rules.config.TtlTooShortRule;
import io.github.sqlguard.statement.ParsedStatement;

import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code ttl-unit}, for {@code ttl-bare-number} and {@code ttl-too-short}: the state TTL written with
 * its unit, in a {@code SET 'table.exec.state.ttl'} or a {@code STATE_TTL} hint. Each bare number gets
 * its own likely intent ({@code '24'} → {@code '24 h'}, {@code StateTtl#likelyIntent}: what the intended TTL of
 * a {@code ttl-bare-number} finding about it names, {@code Finding#facts()}), so two values in the hints keep
 * two TTLs. A {@code ttl-too-short} finding names the value its fix proposes in its facts ({@code
 * StateTtl#replacing}), and that is the value written. A value with no likely intent and no usable TTL of its finding's
 * gets the TTL the guard proposes for the statement ({@link ProposedTtl}: {@code sql-guard.rewrite.state-ttl}, or the
 * statement's own longer time bound), and none where that is above {@code sql-guard.max-state-ttl}: never a TTL
 * shorter than the statement's bound. Values in a call's execution config or session properties are not SQL: no
 * rewrite.
 */
final class TtlWithUnit implements RewriteFamily {

    static final String ID = "ttl-unit";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(TtlBareNumberRule.ID, TtlTooShortRule.ID),
            List.of(),
            "the state TTL written with its unit, the likely intent (`'24'` becomes `'24 h'`), in the `SET` or the `STATE_TTL` hint");

    @Override
    public FamilyDeclaration declaration() {
        return DECLARATION;
    }

    /**
     * A plausible large bare number ({@code '86400000'}, 1 d as meant) is only advised (INFO) to carry its unit: its
     * rewrite is the same value with the unit ({@code '1 d'}), text alone, which {@code lint --fix} then writes.
     */
    @Override
    public boolean answersAdvisories() {
        return true;
    }

    @Override
    public List<Candidate> candidates(Finding finding, RewriteContext context) {
        ParsedStatement statement = context.request().statement();
        if (statement instanceof ParsedStatement.Configure set && StateTtl.KEY.equals(set.key().orElse(null))
                && set.value().isPresent()) {
            Optional<Value> value = intended(set.value().get(), finding, context);
            if (value.isEmpty()) {
                return List.of();
            }
            String rewritten = leadingComments(set.text()) + "SET '" + StateTtl.KEY + "' = '" + value.get().text() + "'";
            return List.of(new Candidate(
                    ID, context.answering(finding), List.of(), rewritten, rewritten, Map.of(), List.of(), Intent.NO_PLAN,
                    Columns.SAME, changes(set.value().get(), value.get()), value.get().why(), Optional.empty()));
        }
        if (statement.plannedBody().isEmpty() || statement.stateTtlHints().isEmpty()) {
            return List.of();
        }
        // A tree of this family's own: the hints' values are written into it (RewriteContext#statementTree is read only).
        SqlNode tree = SqlTrees.parse(context.text()).orElse(null);
        if (tree == null) {
            return List.of();
        }
        Set<String> changed = new LinkedHashSet<>();
        Value last = null;
        List<String> reads = new ArrayList<>();
        for (SqlSelect select : Trees.selects(tree)) {
            if (select.getHints() == null) {
                continue;
            }
            for (SqlNode node : select.getHints()) {
                if (!(node instanceof SqlHint hint) || !hint.getName().toUpperCase(Locale.ROOT).equals("STATE_TTL")) {
                    continue;
                }
                Optional<Value> value = writeUnits((SqlNodeList) hint.getOperandList().get(1), finding, context, changed, false);
                if (value.isPresent()) {
                    last = value.get();
                    if (context.request().plan().isEmpty()) {
                        // Flink refused the statement: where this line matches the hint to no table with a WATERMARK
                        // (1.20), the unit alone would not plan, and the hinted tables are read through a subquery too.
                        HintMoved.readThroughSubqueries(select, HintMoved.keys((SqlNodeList) hint.getOperandList().get(1)),
                                reads, context);
                    }
                }
            }
        }
        if (changed.isEmpty()) {
            return List.of();
        }
        changed.addAll(reads);
        Scope scope = context.scopes().get(0);
        return List.of(context.candidate(
                this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(), Intent.PLANS, Columns.SAME,
                String.join("; ", changed), last.why()));
    }

    /**
     * Each value of a {@code STATE_TTL} hint's {@code options} written with its unit where it is a bare
     * number or, unless {@code bareOnly}, below {@code sql-guard.min-state-ttl} (not {@code '0'}), in
     * place; what changed is added to {@code changed} as the {@code changes:} line says it. A hint moved
     * to where it applies ({@link HintMoved}) gets the bare numbers' units, or it would start to expire
     * state within milliseconds; a value the user wrote with its unit stays as written there.
     *
     * @return the last value written; empty when none changed
     */
    static Optional<Value> writeUnits(
            SqlNodeList options, Finding finding, RewriteContext context, Set<String> changed, boolean bareOnly) {
        Duration min = context.request().minStateTtl();
        Optional<Value> last = Optional.empty();
        for (int i = 1; i < options.size(); i += 2) {
            String written = ((SqlLiteral) options.get(i)).getValueAs(String.class);
            Optional<Duration> read = StateTtl.parse(written);
            boolean bad = read.isPresent() && !read.get().isZero()
                    && (StateTtl.isBareNumber(written) || (!bareOnly && read.get().compareTo(min) < 0));
            if (!bad) {
                continue;
            }
            Optional<Value> value = intended(written, finding, context);
            if (value.isEmpty()) {
                continue;
            }
            options.set(i, SqlLiteral.createCharString(value.get().text(), SqlParserPos.ZERO));
            changed.add(changes(written, value.get()));
            last = value;
        }
        return last;
    }

    /** A TTL value to write and why it was chosen. */
    record Value(String text, String why) {}

    private static Optional<Value> intended(String written, Finding finding, RewriteContext context) {
        Duration min = context.request().minStateTtl();
        Duration max = context.request().maxStateTtl();
        // A bare number keeps its own likely intent ('48' in one hint, '30' in another: 48 h and 30 h), the value a
        // finding about it would name (StateTtl#replacing); the finding's TTL is one value's, not every value's.
        Optional<String> own = Optional.empty();
        if (StateTtl.isBareNumber(written)) {
            try {
                own = Optional.of(StateTtl.likelyIntent(Long.parseLong(written.strip())).replace("'", ""))
                        .filter(intent -> usable(intent, min, max));
            } catch (NumberFormatException tooLong) {
                // No likely intent: the finding's TTL, else the policy's.
            }
        }
        // The TTL the finding's fix names (ttl-bare-number: the likely intent; ttl-too-short: StateTtl#replacing).
        Optional<String> named = finding.facts().intendedTtl().map(d -> StateTtl.withUnit(written, d))
                .filter(value -> usable(value, min, max));
        if (named.isPresent() && (own.isEmpty() || StateTtl.parse(own.get()).equals(StateTtl.parse(named.get())))) {
            return Optional.of(new Value(named.get(), "'" + named.get() + "', the TTL the finding names"));
        }
        if (own.isPresent()) {
            return Optional.of(new Value(own.get(), "'" + own.get() + "', the likely intent of '" + written.strip() + "'"));
        }
        // No likely intent: the TTL the guard proposes for the statement, which covers its own time bounds (ProposedTtl:
        // a WHERE ts > CURRENT_TIMESTAMP - INTERVAL '7' DAY, an interval condition, a view's bound). Where that is not a
        // TTL the policy takes (above sql-guard.max-state-ttl), none: the configured one would lose rows the statement
        // still matches (issue 30 §1, "a proposed TTL must cover the statement's own bounds").
        ProposedTtl proposed = context.proposedStateTtl();
        if (!usable(proposed.value(), min, max)) {
            return Optional.empty();
        }
        String ttl = proposed.value();
        String from = proposed.ttl().compareTo(context.settings().stateTtl()) > 0 ? proposed.chosen()
                : RewriteOptions.STATE_TTL.key();
        return Optional.of(new Value(ttl, "'" + ttl + "' (" + from + "): '" + written.strip() + "' names no likely intent"));
    }

    private static boolean usable(String value, Duration min, Duration max) {
        return !StateTtl.isBareNumber(value) && StateTtl.parse(value)
                .map(d -> d.compareTo(min) >= 0 && !StateTtl.neverExpires(d, max)).orElse(false);
    }

    private static String changes(String written, Value value) {
        String read = StateTtl.parse(written).map(StateTtl::format).orElse(written);
        return "the state TTL is " + value.text() + ", where '" + written.strip() + "' is read as " + read;
    }

    /** The comment lines before a statement's first token. */
    static String leadingComments(String text) {
        int i = 0;
        int lineStart = 0;
        while (i < text.length()) {
            int next = io.github.sqlguard.statement.SqlText.skipComment(text, i);
            if (next != i) {
                i = next;
            } else if (Character.isWhitespace(text.charAt(i))) {
                if (text.charAt(i) == '\n') {
                    lineStart = i + 1;
                }
                i++;
            } else {
                break;
            }
        }
        return text.substring(0, Math.min(lineStart, i));
    }
}
