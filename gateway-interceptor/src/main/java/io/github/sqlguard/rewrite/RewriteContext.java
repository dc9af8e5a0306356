package io.github.sqlguard.rewrite;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.rules.DeclaredKeys;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.statement.ParsedStatement;

import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a family works with for one statement: the request, the session, the settings, and the
 * scopes it may change ({@link Scope}: the statement, then the views it reads). Builds the
 * candidate for a changed scope: the statement spliced back into the user's text ({@link
 * Splicer}), or a view's new definition before the unchanged statement, with the view inlined in
 * what the proof plans. One per statement; not thread-safe.
 */
final class RewriteContext {

    private static final Logger LOG = LoggerFactory.getLogger(RewriteContext.class);

    /** Views followed below the statement: a pattern deeper than this is not rewritten. */
    static final int MAX_VIEW_DEPTH = 3;

    private final RewriteRequest request;
    private final RewriteSession session;
    private final RewriteSettings settings;
    private final Map<String, Optional<List<Column>>> columns = new HashMap<>();
    private final Map<List<String>, Optional<CatalogObject>> objects = new HashMap<>();
    private final Map<Judging, RewriteSession.Judged> judged = new HashMap<>();
    private List<Scope> scopes;
    private Optional<SqlNode> statementTree;
    private int scratch;
    /** Judgements made by planning ({@link #judge}), not taken from {@link #judged}. */
    private int plannings;

    RewriteContext(RewriteRequest request, RewriteSession session, RewriteSettings settings) {
        this.request = request;
        this.session = session;
        this.settings = settings;
    }

    RewriteRequest request() {
        return request;
    }

    RewriteSession session() {
        return session;
    }

    /**
     * The session's judgement of a candidate ({@link RewriteSession#judge}), planned once per
     * statement: candidates of two findings or two families that plan the same text with the same
     * configuration and table changes share it (a session-wide state TTL answers a Rank and an
     * aggregation of one statement with the same {@code SET} and statement). The judgement depends
     * on nothing else: proofs run before the session's next statement, and what the candidate is
     * for (its rule, its intent) is checked by the {@link Prover} on the judgement.
     */
    RewriteSession.Judged judge(String statement, Map<String, String> config, List<TableChange> tables) {
        Judging key = judging(statement, config, tables);
        RewriteSession.Judged known = judged.get(key);
        if (known == null) {
            plannings++;
            known = session.judge(statement, config, tables);
            judged.put(key, known);
        } else {
            LOG.debug("sql-guard rewrite: a candidate planned already for this statement is not planned again:\n{}",
                    statement);
        }
        return known;
    }

    /**
     * Why the judgement of a candidate may not be made, if the statement's proofs have spent their
     * budget: {@code sql-guard.rewrite.max-plannings} plannings made, or the session's own budget
     * ({@link RewriteSession#budgetSpent}: one {@code sql-guard.explain-timeout} of planning). A
     * judgement already made is never refused: it costs no planning.
     */
    Optional<String> budgetSpent(String statement, Map<String, String> config, List<TableChange> tables) {
        if (judged.containsKey(judging(statement, config, tables))) {
            return Optional.empty();
        }
        if (plannings >= settings.maxPlannings()) {
            return Optional.of("the proofs have made " + plannings + (plannings == 1 ? " planning, " : " plannings, ")
                    + RewriteOptions.MAX_PLANNINGS.key()
                    + " (" + settings.maxPlannings() + ")");
        }
        return session.budgetSpent();
    }

    /** The plannings the statement's judgements have made so far: each distinct judgement once. */
    int plannings() {
        return plannings;
    }

    /** What a judgement is of: the statement, what of its configuration the call does not set itself, its tables. */
    private record Judging(String statement, Map<String, String> config, List<TableChange> tables) {}

    /**
     * The key of a judgement: each changed table's scratch name, which is new for each candidate written
     * ({@link #scratchName()}), replaced by its place among the changes, in the statement and in the
     * change; so that two findings' candidates that change the same table alike (a {@code WATERMARK}
     * on it for a Top-1's {@code unbounded-rank} and for its {@code dedup-not-recognized}) are planned
     * once. The judgement differs only in the scratch table's name in the plan, which a proof reads
     * only as a statement set's sink names where the statement did not plan ({@link Prover#columns}).
     */
    private Judging judging(String statement, Map<String, String> config, List<TableChange> tables) {
        List<TableChange> byLength = new ArrayList<>(tables);
        byLength.sort((a, b) -> Integer.compare(b.scratchName().length(), a.scratchName().length()));
        String text = statement;
        for (TableChange change : byLength) {
            if (!change.scratchName().isEmpty()) {
                text = text.replace(change.scratchName(), "<scratch table " + tables.indexOf(change) + ">");
            }
        }
        List<TableChange> unnamed = new ArrayList<>();
        for (TableChange change : tables) {
            unnamed.add(new TableChange(change.table(), "", change.watermark(), change.watermarkDelay(), change.removedOption()));
        }
        return new Judging(text, effective(config), List.copyOf(unnamed));
    }

    /**
     * What of a candidate's configuration is planned: its keys the call's own execution config does
     * not set ({@link RewriteSession#callKeys}); two candidates that differ only in those keys plan
     * alike, and are planned once.
     */
    private Map<String, String> effective(Map<String, String> config) {
        Map<String, String> effective = new HashMap<>(config);
        effective.keySet().removeAll(session.callKeys());
        return effective;
    }

    /**
     * True when {@code candidate} plans as the user's statement itself: its text, no changed table,
     * and a configuration whose every key the call's own execution config overrides (a
     * {@code SET 'table.exec.state.ttl'} before a statement sent with its own {@code
     * table.exec.state.ttl}). Its judgement is the statement's own, so every finding it answers is
     * still reported; it is not planned.
     */
    boolean plansAsTheStatement(Candidate candidate) {
        return !candidate.config().isEmpty() && effective(candidate.config()).isEmpty() && candidate.tables().isEmpty()
                && candidate.planned().equals(text());
    }

    /**
     * The statement's BLOCK findings that {@code candidate} leaves in place: those about a plan node
     * ({@link Finding#planNode()}) the candidate cannot change ({@link Reach}: a {@code STATE_TTL} hint
     * reaches joins and group aggregations only, a {@code SET} of {@code table.exec.state.ttl} that the
     * call's own execution config overrides reaches nothing). Each is in the candidate's plan as in the
     * statement's, so the candidate is refused whatever else it changes; it need not be planned. A
     * BLOCK finding about no plan node is never counted here (what changes it is not known).
     */
    List<Finding> blockingKept(Candidate candidate) {
        if (request.plan().isEmpty()) {
            return List.of();
        }
        Set<String> keys = effective(candidate.config()).keySet();
        return request.verdict().findings(Level.BLOCK).stream()
                .filter(f -> f.planNode().map(id -> Reach.cannotChange(candidate, keys, request.plan().get(), id)).orElse(false))
                .toList();
    }

    /**
     * Why a {@code state-ttl-hint} candidate for a join cannot give every {@code Join} of the plan the TTL its
     * {@link Intent} checks, known without planning it; empty where it may. Its hints change a join state's TTL
     * only where a key reaches that input ({@link HintReach}, Flink's {@code QueryHintsResolver}); every other
     * state keeps the TTL it has in the statement's compiled plan (the hint changes no operator, and no {@code SET}
     * or table goes with it). So where the statement's plan has more {@code Join} states without that TTL than
     * the candidate's hints can reach, one keeps it and the proof would reject the candidate (its {@link
     * Intent#violation}, and the finding still reported): {@code 24} joins of {@code j1 JOIN j2 ... JOIN j25}
     * have 48 such states, and the hint naming {@code j1} to {@code j25} reaches 25 of them. Only for a
     * candidate whose intent names {@code Join} alone, and a compiled plan (the states' TTLs are Flink's).
     */
    Optional<String> hintCannotReach(Candidate candidate) {
        if (!candidate.family().equals(StateTtlHint.ID) || !candidate.tables().isEmpty()
                || !effective(candidate.config()).isEmpty() || !candidate.intent().operators().equals(List.of("Join"))
                || request.plan().isEmpty() || !request.plan().get().compiled()) {
            return Optional.empty();
        }
        int unmet = 0;
        for (io.github.sqlguard.plan.PlanNode node : request.plan().get().nodes()) {
            if (node.name().equals("Join")) {
                unmet += (int) node.state().stream().filter(state -> candidate.intent().unmet(request.plan().get(), node, state)).count();
            }
        }
        if (unmet == 0) {
            return Optional.empty();
        }
        Optional<SqlNode> tree = SqlTrees.parse(candidate.planned());
        if (tree.isEmpty()) {
            return Optional.empty();
        }
        int reachable;
        try {
            reachable = HintReach.reachableInputs(tree.get());
        } catch (RuntimeException | StackOverflowError e) {
            // A tree the walk cannot read: planned, as before (the proof decides).
            return Optional.empty();
        }
        if (unmet <= reachable) {
            return Optional.empty();
        }
        return Optional.of("the statement's joins have " + unmet + " input states without the TTL and its STATE_TTL hints"
                + " reach at most " + reachable + " join inputs (Flink matches a hint's key only to an input's alias or"
                + " table, never to a join's input that is a join): a join keeps a state without it (not planned)");
    }

    RewriteSettings settings() {
        return settings;
    }

    /**
     * The TTL to propose for this statement ({@link ProposedTtl#forStatement}): the longest time bound of the
     * statement and of the views it reads, as its findings' fixes propose.
     */
    ProposedTtl proposedStateTtl() {
        return ProposedTtl.forStatement(settings.stateTtl(), Optional.of(text()), request.plan());
    }

    /**
     * The text rewrites work on: the statement's own, or the statement an {@code EXPLAIN} explains
     * (the rewrite is of that statement).
     */
    String text() {
        ParsedStatement statement = request.statement();
        if (statement instanceof ParsedStatement.Explain explain) {
            return explain.explained().map(ParsedStatement.Planned::body).orElse("");
        }
        return statement.text();
    }

    /**
     * The tree of {@link #text()}, read only: the one Flink's SQL parser read the statement into, kept with it ({@link
     * io.github.sqlguard.statement.ParsedTree}), so that what a family reads of the statement without changing it is
     * not parsed again (issue 30 §4); parsed once here where none is kept (the statement an {@code EXPLAIN} explains,
     * a statement the session's parser chain read). A family that changes a tree changes its own ({@link Scope#tree}):
     * Calcite copies a tree only through each call's operator ({@code SqlShuttle}'s {@code CallCopyingArgHandler},
     * {@code SqlOperator#createCall}; {@code SqlNode#clone} copies one node and shares its operands), which rebuilds
     * Flink's {@code RichSqlInsert} as a plain {@code SqlInsert} (its {@code ON CONFLICT} and {@code PARTITION} lost)
     * and its DDL nodes ({@code SqlCreateTable}, {@code SqlCreateView}, {@code SqlSet}) as calls that cannot be unparsed
     * (read on the case corpus), so a tree to change is Flink's parser's own reading of the text.
     */
    Optional<SqlNode> statementTree() {
        if (statementTree == null) {
            ParsedStatement statement = request.statement();
            statementTree = statement instanceof ParsedStatement.Explain || statement.tree().isEmpty()
                    ? SqlTrees.parse(text())
                    : Optional.of(statement.tree().get().node());
        }
        return statementTree;
    }

    /** The statement's scope, then the scopes of the views it reads, breadth first, at most {@link #MAX_VIEW_DEPTH} deep. */
    List<Scope> scopes() {
        if (scopes == null) {
            scopes = new ArrayList<>();
            scopes.add(Scope.statement(text(), statementTree()));
            for (int i = 0; i < scopes.size(); i++) {
                Scope scope = scopes.get(i);
                if (scope.depth() >= MAX_VIEW_DEPTH) {
                    continue;
                }
                Optional<SqlNode> tree = scope.read();
                if (tree.isEmpty()) {
                    continue;
                }
                Set<String> ctes = Trees.withNames(tree.get());
                for (SqlIdentifier name : Trees.tablesRead(tree.get())) {
                    if (name.names.size() == 1 && ctes.contains(name.getSimple())) {
                        continue;
                    }
                    lookUp(name.names)
                            .filter(o -> o.view() && o.query().isPresent())
                            .filter(o -> scopes.stream().noneMatch(s -> s.view().map(v -> v.identifier().equals(o.identifier())).orElse(false)))
                            .ifPresent(view -> scopes.add(Scope.view(view, written(view), SqlTrees.unparse(name), scope)));
                }
            }
        }
        return scopes;
    }

    /** The newest of the session's own definitions that defines {@code view} ({@link WrittenView#defines}), if any. */
    private Optional<WrittenView> written(CatalogObject view) {
        return session.writtenViews().stream().filter(w -> w.defines(view)).findFirst();
    }

    /** The table or view {@code names} names in the session (cached per statement). */
    Optional<CatalogObject> lookUp(List<String> names) {
        return objects.computeIfAbsent(List.copyOf(names), session::lookUp);
    }

    /**
     * The PRIMARY KEY {@code table} declares: the key the statement's plan keeps of it where a node reads or writes it,
     * else the session catalog's ({@link DeclaredKeys}).
     */
    List<String> declaredKey(CatalogObject table) {
        return DeclaredKeys.of(request.plan(), table.identifier(), table.primaryKey());
    }

    /** The columns of what the {@code FROM} item {@code item} reads, with time attributes (cached). */
    Optional<List<Column>> columnsOf(SqlNode item) {
        String query = "SELECT * FROM " + SqlTrees.unparse(item);
        return columns.computeIfAbsent(query, session::columns);
    }

    /** The columns of the table {@code names} names: from the catalog, without planning. */
    Optional<List<Column>> columnsOfTable(List<String> names) {
        return lookUp(names).map(CatalogObject::columns);
    }

    /**
     * {@code finding}, of this statement, as the candidate answering it carries it: its rule and its operator in the
     * statement's plan ({@link AnsweredFinding}), by which the proof finds it again in the rewrite's plan.
     */
    AnsweredFinding answering(Finding finding) {
        return AnsweredFinding.of(finding, request.plan());
    }

    /** A name for a changed copy of a table that nothing else uses. */
    String scratchName() {
        return "sql_guard_rewrite_" + Long.toHexString(System.nanoTime()) + "_" + (scratch++);
    }

    /**
     * The candidate for {@code changed}, a changed tree of {@code scope} (the original being {@code
     * scope.tree()}).
     *
     * @param before statements to run first (a {@code SET}, an {@code ALTER TABLE}), without {@code ;}
     * @param config what the {@code SET}s among them set
     * @param tables tables the proof sees changed
     * @param planned what the proof plans instead of the statement's text (a scratch table in it),
     *     or empty for the statement as shown
     */
    Candidate candidate(
            RewriteFamily family, Finding finding, Scope scope, SqlNode changed, List<String> before,
            Map<String, String> config, List<TableChange> tables, Optional<String> planned, Intent intent,
            Columns expectedColumns, String changes, String chosen) {
        return candidate(family, finding, scope, changed, before, config, tables, planned, intent, expectedColumns,
                changes, Optional.empty(), chosen);
    }

    /** {@link #candidate} with its {@code changes:} line said from {@code line} ({@link ChangesLine}). */
    Candidate candidate(
            RewriteFamily family, Finding finding, Scope scope, SqlNode changed, List<String> before,
            Map<String, String> config, List<TableChange> tables, Optional<String> planned, Intent intent,
            Columns expectedColumns, ChangesLine line, String chosen) {
        return candidate(family, finding, scope, changed, before, config, tables, planned, intent, expectedColumns,
                line.text(), Optional.of(line), chosen);
    }

    private Candidate candidate(
            RewriteFamily family, Finding finding, Scope scope, SqlNode changed, List<String> before,
            Map<String, String> config, List<TableChange> tables, Optional<String> planned, Intent intent,
            Columns expectedColumns, String changes, Optional<ChangesLine> line, String chosen) {
        if (scope.isStatement()) {
            SqlNode original = scope.read().orElseThrow();
            String statement = Splicer.splice(scope.text(), original, changed);
            return new Candidate(
                    family.id(), answering(finding), before, statement, planned.orElse(statement), config,
                    tables, intent, expectedColumns, changes, chosen, Optional.empty(), Optional.empty(), line);
        }
        CatalogObject view = scope.view().orElseThrow();
        Optional<WrittenView> written = scope.written();
        // The user's query with the change spliced in where the session defined the view; else Flink's copy of it.
        String query = written.isPresent() ? Splicer.splice(scope.text(), scope.read().orElseThrow(), changed)
                : SqlTrees.unparse(Identifiers.plain(changed));
        List<String> statements = new ArrayList<>(before);
        if (view.temporary()) {
            statements.add("DROP TEMPORARY VIEW " + scope.writtenName());
            // The catalog's query alone does not give a column list the view was defined with: its schema does.
            statements.add(written.isPresent() ? written.get().with(query)
                    : "CREATE TEMPORARY VIEW " + scope.writtenName() + columnList(view) + " AS\n" + query);
        } else if (alterKeepsColumns(view, written, changed)) {
            statements.add("ALTER VIEW " + scope.writtenName() + " AS\n" + query);
        } else {
            // ALTER VIEW ... AS has no column list: Flink's AlterViewAsOperation names the view's columns by the new
            // query's, so a view defined with a list is dropped and created again with it.
            statements.add("DROP VIEW " + scope.writtenName());
            statements.add(written.isPresent() ? written.get().with(query)
                    : "CREATE VIEW " + scope.writtenName() + columnList(view) + " AS\n" + query);
        }
        String inlined = inline(scope, changed);
        String where = scope.depth() == 1 ? "" : " (read through " + (scope.depth() - 1) + " other view"
                + (scope.depth() == 2 ? "" : "s") + ")";
        String inView = "the pattern is in the view " + scope.writtenName() + where
                + ", so the view's definition is rewritten and the statement runs as it is"
                + (view.temporary() ? ""
                        : alterKeepsColumns(view, written, changed)
                                ? " (ALTER VIEW changes it for every statement that reads it)"
                                : " (dropped and created again with its column list, which ALTER VIEW ... AS would"
                                        + " drop: it changes for every statement that reads it"
                                        + (written.isPresent() ? ")" : ", and a comment it had is not kept)"))
                + (written.isPresent() ? "" : "; the view was not defined in this session, so its query is"
                        + " written as Flink's catalog keeps it, not as it was written");
        return new Candidate(
                family.id(), answering(finding), statements, text(), planned.orElse(inlined), config, tables,
                intent, expectedColumns, changes + "; " + inView, chosen, Optional.of(scope.writtenName()),
                Optional.empty(), line.map(l -> l.followedBy(inView)));
    }

    /**
     * {@link #candidate} of a change to both a view the statement reads and the statement ({@code window-group}: the view
     * selects the window's bounds, the statement groups by them), for a view the session defined ({@link
     * Scope#written}), read by the statement itself: the view is redefined as the user wrote it with {@code changedView}
     * spliced in, as {@link #candidate} redefines a view, and the statement follows it with {@code changedStatement}
     * spliced in; it is planned with the changed view inlined in the changed statement. Empty for any other view, and
     * for one defined with a column list (the columns added would not be in it).
     */
    Optional<Candidate> candidateOverView(
            RewriteFamily family, Finding finding, Scope view, SqlNode changedView, SqlNode changedStatement, Intent intent,
            Columns expectedColumns, String changes, String chosen) {
        if (view.isStatement() || view.written().isEmpty() || view.written().get().hasColumnList() || view.depth() != 1
                || !view.parent().orElseThrow().isStatement()) {
            return Optional.empty();
        }
        Scope statementScope = view.parent().get();
        String statement = Splicer.splice(statementScope.text(), statementScope.read().orElseThrow(), changedStatement);
        WrittenView written = view.written().get();
        String query = Splicer.splice(view.text(), view.read().orElseThrow(), changedView);
        List<String> statements = new ArrayList<>();
        boolean temporary = view.view().orElseThrow().temporary();
        statements.add((temporary ? "DROP TEMPORARY VIEW " : "DROP VIEW ") + view.writtenName());
        statements.add(written.with(query));
        List<String> identifier = view.view().get().identifier();
        for (SqlSelect select : Trees.selects(changedStatement)) {
            if (select.getFrom() != null) {
                select.setFrom(inlineFrom(select.getFrom(), identifier, changedView, false));
            }
        }
        return Optional.of(new Candidate(
                family.id(), answering(finding), statements, statement, SqlTrees.unparse(changedStatement),
                Map.of(), List.of(), intent, expectedColumns,
                changes + "; the view " + view.writtenName() + " is redefined (dropped and created again, as written with"
                        + " the change) for the statement to read the columns it adds, which a statement that reads all of"
                        + " the view's columns (SELECT *) gets too"
                        + (temporary ? "" : ": it changes for every statement that reads it"),
                chosen, Optional.of(view.writtenName()), Optional.empty()));
    }

    /**
     * True when {@code ALTER VIEW ... AS changed} keeps the view's column names: the session's definition of it names no
     * columns ({@link WrittenView#hasColumnList}); or, where the session did not define it, the SELECT list of {@code
     * changed} names each column as the view's schema does (a column, or an expression with an alias). Not where a
     * name cannot be read from the query ({@code *}, an expression without an alias, a set operation).
     */
    private static boolean alterKeepsColumns(CatalogObject view, Optional<WrittenView> written, SqlNode changed) {
        if (written.isPresent()) {
            return !written.get().hasColumnList();
        }
        SqlNode query = changed instanceof org.apache.calcite.sql.SqlOrderBy order ? order.query : changed;
        if (!(query instanceof SqlSelect select)) {
            return false;
        }
        List<String> names = new ArrayList<>();
        for (SqlNode item : select.getSelectList()) {
            if (item.getKind() == SqlKind.AS && ((SqlCall) item).operand(1) instanceof SqlIdentifier alias) {
                names.add(alias.getSimple());
            } else if (item instanceof SqlIdentifier column && !column.isStar()) {
                names.add(column.names.get(column.names.size() - 1));
            } else {
                return false;
            }
        }
        return names.equals(view.columns().stream().map(Column::name).toList());
    }

    /** {@code " (c1, c2, ...)"}: the view's column names, as its schema gives them; empty for a view without columns. */
    private static String columnList(CatalogObject view) {
        List<String> names = view.columns().stream().map(c -> SqlTrees.unparse(SqlTrees.identifier(c.name()))).toList();
        return names.isEmpty() ? "" : " (" + String.join(", ", names) + ")";
    }

    /** The statement's text with {@code scope}'s view, changed to {@code changed}, inlined where it is read, up to the statement. */
    private String inline(Scope scope, SqlNode changed) {
        SqlNode query = changed;
        Scope current = scope;
        while (current.parent().isPresent()) {
            Scope parent = current.parent().get();
            SqlNode tree = parent.tree().orElseThrow();
            List<String> identifier = current.view().orElseThrow().identifier();
            for (SqlSelect select : Trees.selects(tree)) {
                if (select.getFrom() != null) {
                    select.setFrom(inlineFrom(select.getFrom(), identifier, query));
                }
            }
            SqlNode inlined = tree;
            query = inlined;
            current = parent;
        }
        return SqlTrees.unparse(query);
    }

    /** {@code from} with every read of the view {@code identifier} replaced by {@code (query) AS name} (in a window TVF, by {@code (query)}). */
    private SqlNode inlineFrom(SqlNode from, List<String> identifier, SqlNode query) {
        return inlineFrom(from, identifier, query, true);
    }

    /**
     * {@link #inlineFrom(SqlNode, List, SqlNode)}, with the view's catalog column names after its name where {@code
     * columns} (its query as the catalog keeps it), or without them ({@code query} a new definition, which names its own).
     */
    private SqlNode inlineFrom(SqlNode from, List<String> identifier, SqlNode query, boolean columns) {
        if (from instanceof SqlIdentifier id) {
            return reads(id, identifier)
                    ? as(query, SqlTrees.identifier(id.names.get(id.names.size() - 1)), columns ? identifier : List.of())
                    : from;
        }
        if (from instanceof org.apache.calcite.sql.SqlJoin join) {
            join.setLeft(inlineFrom(join.getLeft(), identifier, query, columns));
            join.setRight(inlineFrom(join.getRight(), identifier, query, columns));
            return join;
        }
        if (from.getKind() == SqlKind.AS) {
            SqlBasicCall as = (SqlBasicCall) from;
            if (as.operand(0) instanceof SqlIdentifier id && reads(id, identifier)) {
                if (as.operandCount() == 2 && as.operand(1) instanceof SqlIdentifier alias) {
                    return as(query, alias, columns ? identifier : List.of());
                }
                as.setOperand(0, query);
            } else if (as.operand(0).getKind() == SqlKind.COLLECTION_TABLE) {
                inlineTableArguments(as.operand(0), identifier, query);
            }
            return from;
        }
        if (from.getKind() == SqlKind.COLLECTION_TABLE) {
            inlineTableArguments(from, identifier, query);
        }
        return from;
    }

    /**
     * In a window TVF ({@code TABLE(TUMBLE(TABLE v, ...))}, also {@code DATA => TABLE v}), every
     * table argument {@code TABLE v} reading the view {@code identifier} replaced by {@code (query)}:
     * Flink's parser and planner take a subquery as a TVF's table argument, with its time attributes.
     */
    private void inlineTableArguments(SqlNode node, List<String> identifier, SqlNode query) {
        if (!(node instanceof SqlCall call)) {
            return;
        }
        List<SqlNode> operands = call.getOperandList();
        for (int i = 0; i < operands.size(); i++) {
            SqlNode operand = operands.get(i);
            if (operand instanceof SqlCall table && table.getKind() == SqlKind.EXPLICIT_TABLE
                    && table.operand(0) instanceof SqlIdentifier id && reads(id, identifier)) {
                call.setOperand(i, query);
            } else if (operand != null && !(operand instanceof SqlSelect)) {
                inlineTableArguments(operand, identifier, query);
            }
        }
    }

    private boolean reads(SqlIdentifier id, List<String> identifier) {
        return !id.isStar() && lookUp(id.names).map(o -> o.identifier().equals(identifier)).orElse(false);
    }

    /**
     * {@code (query) AS name (c1, c2, ...)}: the view's query under the view's name and its column names (a view
     * defined with a column list, {@code CREATE VIEW v (id, amt) AS SELECT order_id, amount ...}, is read by those
     * names, which its query alone does not give).
     */
    private SqlNode as(SqlNode query, SqlIdentifier name, List<String> view) {
        List<SqlNode> operands = new ArrayList<>(List.of(query, name));
        (view.isEmpty() ? Optional.<CatalogObject>empty() : lookUp(view)).map(CatalogObject::columns).orElse(List.of())
                .forEach(column -> operands.add(SqlTrees.identifier(column.name())));
        return SqlStdOperatorTable.AS.createCall(SqlParserPos.ZERO, operands);
    }
}
