package io.github.sqlguard.rewrite;

import io.github.sqlguard.statement.HintInputName;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.config.TtlNotATableOptionRule;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementKind;

import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;
import org.apache.flink.sql.parser.ddl.SqlTableOption;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code ttl-as-job-setting}, for {@code ttl-not-a-table-option}: the TTL key out of the table's
 * {@code WITH} clause or the query's {@code OPTIONS} hint, and the TTL set where Flink reads it,
 * {@code SET 'table.exec.state.ttl'} (its value when it is a usable duration, else {@code
 * sql-guard.rewrite.state-ttl}). Where a query fails because a table it reads carries the key,
 * the rewrite is {@code ALTER TABLE ... RESET ('key')} before it (a permanent table; Flink alters no
 * temporary one), proven against a scratch copy of the table without the key. Inputs whose hints
 * give different TTLs keep them, per input, in a {@code STATE_TTL} hint, and no {@code SET} is offered. A
 * {@code CREATE TABLE} in a session that already sets a TTL gets the key taken out alone: a {@code SET} of the
 * option's value would replace the session's TTL for every later statement (a script's earlier {@code SET} of
 * '24 h' followed by a {@code SET} of the table's '1 h', as {@code lint --fix} wrote it); so does a query on such a
 * table, its {@code ALTER TABLE ... RESET} written alone.
 */
final class TtlAsJobSetting implements RewriteFamily {

    static final String ID = "ttl-as-job-setting";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(TtlNotATableOptionRule.ID),
            List.of("GroupAggregate", "GlobalGroupAggregate", "Join"),
            "the TTL key out of the `WITH` clause or `OPTIONS` hint, as a `SET` (inside an open statement set, or where the inputs were given different TTLs, as a `STATE_TTL` hint per input)");

    @Override
    public FamilyDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<Candidate> candidates(Finding finding, RewriteContext context) {
        ParsedStatement statement = context.request().statement();
        Optional<SqlNode> read = context.statementTree();
        if (read.isEmpty()) {
            return List.of();
        }
        if (statement.kind() == StatementKind.DDL) {
            return ddl(finding, context, read.get());
        }
        if (statement.plannedBody().isEmpty()) {
            return List.of();
        }
        // The hint's keys are taken out of a tree of this family's own: the statement's is read only.
        List<Candidate> hinted = hint(finding, context, SqlTrees.parse(context.text()).orElseThrow());
        return hinted.isEmpty() ? table(finding, context, read.get()) : hinted;
    }

    /**
     * A {@code CREATE TABLE} with the key in {@code WITH}: the key cut out of the text, a SET before. {@code tree} is the
     * statement's, read only ({@link RewriteContext#statementTree}).
     */
    private List<Candidate> ddl(Finding finding, RewriteContext context, SqlNode tree) {
        List<SqlTableOption> options = new ArrayList<>();
        collect(tree, options);
        String text = context.text();
        Splicer.Offsets offsets = new Splicer.Offsets(text, tree);
        for (int i = 0; i < options.size(); i++) {
            SqlTableOption option = options.get(i);
            if (!TtlNotATableOptionRule.isStateTtlKey(option.getKeyString())) {
                continue;
            }
            int from;
            int to;
            if (i + 1 < options.size()) {
                from = offsets.start(option.getParserPosition());
                to = offsets.start(options.get(i + 1).getParserPosition());
            } else if (i > 0) {
                from = offsets.end(options.get(i - 1).getParserPosition());
                to = offsets.end(option.getParserPosition());
            } else {
                continue;
            }
            if (from < 0 || to <= from) {
                continue;
            }
            String rewritten = text.substring(0, from) + text.substring(to);
            if (SqlTrees.parse(rewritten).isEmpty()) {
                continue;
            }
            Value value = value(option.getValueString(), context);
            Optional<String> session = StateTtl.setIn(context.request().config());
            if (session.isPresent()) {
                // The session already has a TTL its user set: a SET here would replace it for every later statement.
                boolean same = StateTtl.sameAs(session.get(), value.text());
                return List.of(new Candidate(
                        ID, context.answering(finding), List.of(), rewritten, rewritten, Map.of(), List.of(),
                        Intent.NO_PLAN, Columns.SAME,
                        "'" + option.getKeyString() + "' is no longer a table option; the session's '" + StateTtl.KEY
                                + "' = '" + session.get() + "' stays the job's TTL for its later statements" + (same ? "" : ", not the option's '" + option.getValueString()
                                + "': a SET of it would replace '" + session.get() + "' for every later statement of"
                                + " the session; a STATE_TTL hint in a query that reads the table gives that query's"
                                + " joins and aggregations their own"),
                        "'" + session.get() + "', the session's state TTL (no SET written)", Optional.empty()));
            }
            return List.of(new Candidate(
                    ID, context.answering(finding), List.of(set(value.text())), rewritten, rewritten,
                    Map.of(StateTtl.KEY, value.text()), List.of(), Intent.NO_PLAN, Columns.SAME,
                    "'" + option.getKeyString() + "' is no longer a table option; the state TTL is the job's: "
                            + value.text() + " for the session's later statements",
                    value.why(), Optional.empty()));
        }
        return List.of();
    }

    /**
     * An {@code OPTIONS} hint with the key: the pair out of the hint (the hint out when it was alone),
     * and a SET before; then, for where no SET may come before (an INSERT sent into an open
     * statement set), the same with a {@code STATE_TTL} hint on each block that joins or aggregates,
     * naming its inputs. {@code tree} is a tree of the statement's text that this family changes: the keys are taken
     * out of it, then, once the first candidate is written, the hints are added to it for the second.
     */
    private List<Candidate> hint(Finding finding, RewriteContext context, SqlNode tree) {
        Optional<Removed> removed = removeHintKeys(tree);
        if (removed.isEmpty()) {
            return List.of();
        }
        Value ttl = value(removed.get().value(), context);
        String keys = String.join(", ", removed.get().keys());
        Map<String, Value> perInput = new LinkedHashMap<>();
        removed.get().perInput().forEach((input, written) -> perInput.put(input, value(written, context)));
        if (perInput.values().stream().map(Value::text).distinct().count() > 1) {
            return perInput(finding, context, tree, keys, perInput);
        }
        List<Candidate> out = new ArrayList<>();
        out.add(context.candidate(
                this, finding, context.scopes().get(0), tree, List.of(set(ttl.text())), Map.of(StateTtl.KEY, ttl.text()),
                List.of(), Optional.empty(), Intent.PLANS, Columns.SAME,
                keys + " out of the OPTIONS hint; the state TTL is the job's: " + ttl.text() + ttl.raised(),
                ttl.why()));
        // The candidate above is written (its text spliced from the tree): the same tree, the keys out, takes the hints.
        SqlNode hinted = tree;
        List<String> hints = new ArrayList<>();
        for (SqlSelect select : Trees.selects(hinted)) {
            List<String> inputs = HintInputName.inputs(select);
            if ((Blocks.aggregates(select) || Blocks.joins(select)) && Blocks.stateTtlHints(select).isEmpty()
                    && inputs != null && !inputs.isEmpty()) {
                SqlHint hint = Blocks.stateTtl(inputs, ttl.text());
                Blocks.addHint(select, hint);
                hints.add(SqlTrees.unparse(hint));
            }
        }
        Optional<Duration> duration = StateTtl.parse(ttl.text());
        if (!hints.isEmpty() && duration.isPresent()) {
            out.add(context.candidate(
                    this, finding, context.scopes().get(0), hinted, List.of(), Map.of(), List.of(), Optional.empty(),
                    Intent.operatorTtl(duration.get(), "GroupAggregate", "GlobalGroupAggregate", "Join"), Columns.SAME,
                    keys + " out of the OPTIONS hint; the state TTL is this statement's joins' and aggregations' ("
                            + String.join(", ", hints) + "): " + ttl.text() + " after a key's last change" + ttl.raised(),
                    ttl.why()));
        }
        return out;
    }

    /**
     * Inputs given different TTLs in their {@code OPTIONS} hints ({@code orders o} 12 h, {@code
     * payments p} 2 d): one {@code SET} would give every operator one of them, so the only candidate is
     * a {@code STATE_TTL} hint on each block that joins or aggregates, each input with its own TTL
     * (Flink's {@code StateTtlHint} takes one per input); proven when every such operator's state
     * expires. {@code hinted} is the statement's tree with the keys taken out ({@link #removeHintKeys}), which this
     * changes.
     */
    private List<Candidate> perInput(
            Finding finding, RewriteContext context, SqlNode hinted, String keys, Map<String, Value> perInput) {
        List<String> hints = new ArrayList<>();
        for (SqlSelect select : Trees.selects(hinted)) {
            List<String> inputs = HintInputName.inputs(select);
            if (!(Blocks.aggregates(select) || Blocks.joins(select)) || !Blocks.stateTtlHints(select).isEmpty()
                    || inputs == null) {
                continue;
            }
            List<String> pairs = new ArrayList<>();
            for (String input : inputs) {
                Value value = perInput.get(input);
                if (value != null) {
                    pairs.add("'" + input.replace("'", "''") + "' = '" + value.text() + "'");
                }
            }
            if (!pairs.isEmpty()) {
                SqlHint hint = Snippets.hint("STATE_TTL(" + String.join(", ", pairs) + ")");
                Blocks.addHint(select, hint);
                hints.add(SqlTrees.unparse(hint));
            }
        }
        if (hints.isEmpty()) {
            return List.of();
        }
        List<String> why = new ArrayList<>();
        perInput.forEach((input, value) -> why.add(input + ": " + value.why()));
        StringBuilder raised = new StringBuilder();
        perInput.forEach((input, value) -> raised.append(value.raised().isEmpty() ? "" : value.raised() + " (" + input + ")"));
        return List.of(context.candidate(
                this, finding, context.scopes().get(0), hinted, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operatorBounded(context.request().maxStateTtl(), "GroupAggregate", "GlobalGroupAggregate", "Join"),
                Columns.SAME,
                keys + " out of the OPTIONS hints; each input keeps its own TTL, as a STATE_TTL hint of the block that"
                        + " reads it (" + String.join(", ", hints) + "), not one job-wide SET; an operator no hint"
                        + " reaches keeps the session's TTL" + raised,
                String.join("; ", why)));
    }

    /**
     * The TTL keys taken out of the tree's {@code OPTIONS} hints, the value of the last one, and each
     * value by the name a {@code STATE_TTL} hint gives its input (the table's alias, else its name).
     */
    private record Removed(List<String> keys, String value, Map<String, String> perInput) {}

    /** Takes the state TTL keys out of {@code tree}'s {@code OPTIONS} hints (a hint left empty goes); empty when none had one. */
    private static Optional<Removed> removeHintKeys(SqlNode tree) {
        List<String> keys = new ArrayList<>();
        String value = null;
        Map<String, String> perInput = new LinkedHashMap<>();
        for (SqlSelect select : Trees.selects(tree)) {
            for (Trees.TableRef ref : Trees.tableRefs(select.getFrom())) {
                SqlNode item = SqlUtil.stripAs(ref.item());
                if (item.getKind() != SqlKind.TABLE_REF) {
                    continue;
                }
                org.apache.calcite.sql.SqlCall tableRef = (org.apache.calcite.sql.SqlCall) item;
                String input = ref.item().getKind() == SqlKind.AS
                        ? ((SqlIdentifier) ((org.apache.calcite.sql.SqlCall) ref.item()).operand(1)).getSimple()
                        : ((SqlIdentifier) tableRef.operand(0)).names.get(((SqlIdentifier) tableRef.operand(0)).names.size() - 1);
                SqlNodeList hints = (SqlNodeList) tableRef.operand(1);
                for (int h = hints.size() - 1; h >= 0; h--) {
                    SqlHint hint = (SqlHint) hints.get(h);
                    if (!hint.getName().toUpperCase(Locale.ROOT).equals("OPTIONS")) {
                        continue;
                    }
                    SqlNodeList options = (SqlNodeList) hint.getOperandList().get(1);
                    for (int i = options.size() - 2; i >= 0; i -= 2) {
                        String key = ((SqlLiteral) options.get(i)).getValueAs(String.class);
                        if (TtlNotATableOptionRule.isStateTtlKey(key)) {
                            keys.add(key);
                            value = ((SqlLiteral) options.get(i + 1)).getValueAs(String.class);
                            perInput.put(input, value);
                            options.remove(i + 1);
                            options.remove(i);
                        }
                    }
                    if (options.isEmpty()) {
                        hints.remove(h);
                    }
                }
                if (hints.isEmpty()) {
                    SqlIdentifier name = (SqlIdentifier) tableRef.operand(0);
                    if (ref.item() == item) {
                        Trees.replace(Trees.parents(tree), item, name);
                    } else {
                        ((org.apache.calcite.sql.SqlCall) ref.item()).setOperand(0, name);
                    }
                }
            }
        }
        return keys.isEmpty() ? Optional.empty() : Optional.of(new Removed(keys, value, perInput));
    }

    /**
     * A query on a table that carries the key: {@code ALTER TABLE ... RESET} before it, proven on a copy without the key.
     * The tables are read from the statement's tree ({@code tree}, read only); the proof's statement is written from a
     * tree of its own ({@link ScratchReferences#replace} changes it).
     */
    private List<Candidate> table(Finding finding, RewriteContext context, SqlNode tree) {
        for (SqlIdentifier name : Trees.tablesRead(tree)) {
            Optional<CatalogObject> table = context.lookUp(name.names);
            if (table.isEmpty() || table.get().view() || table.get().temporary()) {
                continue;
            }
            Optional<String> key = table.get().options().keySet().stream().filter(TtlNotATableOptionRule::isStateTtlKey)
                    .findFirst();
            if (key.isEmpty()) {
                continue;
            }
            String scratch = context.scratchName();
            TableChange change = new TableChange(table.get().identifier(), scratch, Optional.empty(), 0, key);
            String planned = ScratchReferences.replace(
                    SqlTrees.parse(context.text()).orElseThrow(), context, table.get(), scratch);
            Value ttl = value(table.get().options().get(key.get()), context);
            String reset = "ALTER TABLE " + SqlTrees.unparse(name) + " RESET ('" + key.get().replace("'", "''") + "')";
            String out = "'" + key.get() + "' is taken out of " + SqlTrees.unparse(name) + "'s options (for every"
                    + " statement that reads it)";
            Optional<String> session = StateTtl.setIn(context.request().config());
            if (session.isPresent()) {
                // As on the table's DDL (ddl): the session's TTL stays, and no SET replaces it for the later statements.
                boolean same = StateTtl.sameAs(session.get(), ttl.text());
                return List.of(new Candidate(
                        ID, context.answering(finding), List.of(reset), context.text(), planned, Map.of(),
                        List.of(change), Intent.PLANS, Columns.SAME,
                        out + "; the session's '" + StateTtl.KEY + "' = '" + session.get() + "' stays the job's TTL"
                                + (same ? "" : ", not the option's '" + ttl.text() + "': a SET of it would replace '"
                                        + session.get() + "' for every later statement of the session"),
                        "'" + session.get() + "', the session's state TTL (no SET written)", Optional.empty()));
            }
            return List.of(new Candidate(
                    ID, context.answering(finding), List.of(reset, set(ttl.text())),
                    context.text(), planned, Map.of(StateTtl.KEY, ttl.text()), List.of(change), Intent.PLANS, Columns.SAME,
                    out + " and the state TTL is the job's: " + ttl.text() + ttl.raised(),
                    ttl.why(), Optional.empty()));
        }
        return List.of();
    }

    /**
     * A TTL to write, why it was chosen, and {@code raised}: where the option's own value was shorter than the
     * statement's time bound and this one covers the bound instead, the clause of the {@code changes:} line that says so
     * ({@code "; not the option's '1 d', ..."}); else empty.
     */
    private record Value(String text, String why, String raised) {

        Value(String text, String why) {
            this(text, why, "");
        }
    }


    private static Value value(String written, RewriteContext context) {
        Duration min = context.request().minStateTtl();
        Duration max = context.request().maxStateTtl();
        Optional<Duration> read = written == null || StateTtl.isBareNumber(written) ? Optional.empty() : StateTtl.parse(written);
        if (read.isPresent() && read.get().compareTo(min) >= 0 && !StateTtl.neverExpires(read.get(), max)) {
            // As the user wrote it ('24h', not '1 d'): Flink reads the option's value with the same TimeUtils. But never
            // shorter than the statement's own time bound (issue 30 §1: "a proposed TTL must cover the statement's own
            // bounds"): Flink never read the option, so the job has run without that TTL, and writing it where Flink reads
            // it would forget a key the statement still matches ('1 d' under WHERE ts > CURRENT_TIMESTAMP - INTERVAL '7'
            // DAY). The bound wins, and the changes: line says the option's value was not kept, and why.
            String kept = written.strip();
            ProposedTtl covering = ProposedTtl.forStatement(read.get(), "the option's '" + kept + "'",
                    Optional.of(context.text()), context.request().plan());
            if (covering.ttl().compareTo(read.get()) > 0) {
                String idle = "a key idle for " + StateTtl.format(read.get()) + " would be forgotten while the statement"
                        + " still matches its rows";
                if (StateTtl.neverExpires(covering.ttl(), max)) {
                    // A TTL that covers the bound is one the policy does not take: the option's, and its loss said.
                    return new Value(kept, "'" + kept + "', the value the option had", "; '" + kept + "' is shorter than"
                            + " the statement's own time bound, " + covering.value() + " (above sql-guard.max-state-ttl): "
                            + idle);
                }
                return new Value(covering.value(), covering.chosen(), "; not the option's '" + kept + "', which is shorter"
                        + " than the statement's own time bound: " + idle);
            }
            return new Value(kept, "'" + kept + "', the value the option had");
        }
        // No usable value of the user's: the TTL the guard proposes for this statement, which covers its own time
        // bounds (a WHERE ts > CURRENT_TIMESTAMP - INTERVAL '7' DAY, an interval condition: ProposedTtl) as every
        // other family's does.
        ProposedTtl proposed = context.proposedStateTtl();
        if (proposed.ttl().compareTo(context.settings().stateTtl()) > 0) {
            return new Value(proposed.value(), proposed.chosen());
        }
        String ttl = SqlTrees.duration(context.settings().stateTtl());
        return new Value(ttl, "'" + ttl + "' (" + RewriteOptions.STATE_TTL.key() + ")");
    }

    private static String set(String value) {
        return "SET '" + StateTtl.KEY + "' = '" + value + "'";
    }

    private static void collect(SqlNode node, List<SqlTableOption> out) {
        if (node instanceof SqlTableOption option) {
            out.add(option);
            return;
        }
        for (SqlNode child : Trees.children(node)) {
            collect(child, out);
        }
    }
}
