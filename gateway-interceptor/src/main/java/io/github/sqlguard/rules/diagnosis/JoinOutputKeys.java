package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.TableRead;

import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The keys a statement's joins give its rows, derived as Flink 2.3.0 derives them from the keys its inputs declare, for
 * a statement Flink refused (a diagnosis has no plan). Read only for an {@code INSERT} whose query is one {@code SELECT},
 * or a {@code WITH} whose body is one (no {@code GROUP BY}, {@code DISTINCT} or {@code OVER}), from {@code INNER}, {@code
 * LEFT} or {@code RIGHT} joins, each on at least one column equality (its other conditions key nothing), of tables and
 * of subqueries, views and {@code WITH} items that only project and filter one of them ({@code (SELECT order_id, line_no,
 * sku FROM order_lines WHERE ...) AS l}: the table's key is kept where every column of it is selected, under the name it
 * is selected as), through any number of such views and items ({@link Tables} answers a view with the key it keeps); a
 * join may read another ({@code a JOIN b ON ... JOIN c ON ...}, a cascade).
 *
 * <p>Flink 2.3.0 {@code FlinkRelMdUpsertKeys#getJoinUpsertKeys}: each input's upsert keys (a table's declared PRIMARY
 * KEY; a join's, derived so) are kept only where they hold the input's join columns ({@code #filterKeys}, the rows being
 * distributed by them), and {@code FlinkRelMdUniqueKeys#getJoinUniqueKeys} makes of them the join's keys: both sides'
 * kept keys together; one side's kept key alone where the other side is unique on its join columns ({@code
 * #isSideUnique}: one of its keys is among them) and the join pads no nulls on the kept side. A cascade applies this at
 * each join, bottom up. The projection above keeps a key only where it selects every column of it ({@code
 * FlinkRelMdUniqueKeys#getProjectUniqueKeys}); Flink 2.3.0 does not take a column the join equates with a key column for
 * that column (the enrichment by the join's equalities came after it, FLINK-38753): selecting {@code src1.a1} where the
 * key holds {@code src2.a2}, equal by {@code ON src1.a1 = src2.a2}, keeps no key, and selecting {@code src2.a2} keeps it
 * (asked of 2.3.0: the first INSERT is refused with {@code upsert key: .}, the second plans into a sink keyed by {@code
 * (a2, b2)}; case 1064; through a subquery and a cascade, cases 1107-1110).
 *
 * @param from the joins of the {@code FROM} clause
 * @param equalities every join's column equalities, left column first
 * @param selected the columns the SELECT writes as they are, in its order
 *
 * <p>Stability: internal (the rule's reason and fix, and the {@code join-equal-column} rewrite).
 */
public record JoinOutputKeys(Joined from, List<Equality> equalities, List<SideColumn> selected) {

    /** An input of a join: a table ({@link Side}) or another join ({@link Joined}). */
    public sealed interface Input permits Side, Joined {}

    /**
     * One table a join reads, directly or through a subquery that projects and filters it.
     *
     * @param label how the statement names it: its alias, else its name
     * @param name its table's name as written
     * @param key the PRIMARY KEY it declares, by the names the statement reads its columns by; empty where it declares
     *     none, or where a subquery does not select every column of it
     * @param columns its columns' names, as the statement reads them
     * @param declared the PRIMARY KEY its table declares, by the table's column names; empty where it declares none
     */
    public record Side(String label, String name, List<String> key, List<String> columns, List<String> declared)
            implements Input {

        public Side {
            key = List.copyOf(key);
            columns = List.copyOf(columns);
            declared = List.copyOf(declared);
        }
    }

    /**
     * A join of two inputs.
     *
     * @param type its type as the statement writes it ({@code INNER}, {@code LEFT}, {@code RIGHT})
     * @param on its column equalities, the left input's column first
     */
    public record Joined(String type, Input left, Input right, List<Equality> on) implements Input {

        public Joined {
            on = List.copyOf(on);
        }
    }

    /** A column of one input of the join. */
    public record SideColumn(Side side, String column) {

        /** {@code l.order_id}: the column as the statement qualifies it. */
        public String written() {
            return side.label() + "." + column;
        }
    }

    /** {@code left = right}, as the join's condition equates them. */
    public record Equality(SideColumn left, SideColumn right) {}

    /**
     * A key of the join's rows that the SELECT drops only by writing, for some of its columns, the column the join
     * equates with it.
     *
     * @param side the input whose declared key it is, or empty where it is several inputs' keys together
     * @param key the key's columns
     * @param select each column to select in place of the one the SELECT writes, keyed by that one
     */
    public record EqualColumnFix(Optional<Side> side, List<SideColumn> key, List<Equality> select) {}

    public JoinOutputKeys {
        equalities = List.copyOf(equalities);
        selected = List.copyOf(selected);
    }

    /** The top join's type ({@code INNER}, {@code LEFT}, {@code RIGHT}). */
    public String type() {
        return from.type();
    }

    /** The tables the joins read, in the order the {@code FROM} clause names them. */
    public List<Side> sides() {
        List<Side> out = new ArrayList<>();
        sides(from, out);
        return out;
    }

    /** The top join's left input, where it is a table (one join of two tables); else empty. */
    public Optional<Side> left() {
        return from.left() instanceof Side side ? Optional.of(side) : Optional.empty();
    }

    /** The top join's right input, where it is a table; else empty. */
    public Optional<Side> right() {
        return from.right() instanceof Side side ? Optional.of(side) : Optional.empty();
    }

    /**
     * A table as the session's catalog holds it: its declared PRIMARY KEY and its columns' names; or a view that only
     * projects and filters one table ({@link #viewOfOne}), with the key it keeps of it.
     *
     * @param keyOf for a view, the name of the table whose key it keeps; empty for a table
     */
    public record Table(List<String> primaryKey, List<String> columns, Optional<String> keyOf) {

        public Table {
            primaryKey = List.copyOf(primaryKey);
            columns = List.copyOf(columns);
        }

        /** A table. */
        public Table(List<String> primaryKey, List<String> columns) {
            this(primaryKey, columns, Optional.empty());
        }
    }

    /**
     * The view whose query is {@code query} as a table, where it only projects and filters one table ({@code SELECT
     * order_id, line_no, sku FROM order_lines WHERE ...}: {@link #projected}) and keeps that table's key, every column of
     * it selected: the key under the names the view selects its columns as, and the table's name; empty otherwise. Flink
     * expands a view into the statement's plan ({@code SqlToRelConverter} converts its query in place of its name), so
     * its join keeps the view's key as it keeps a subquery's (case 1132).
     */
    public static Optional<Table> viewOfOne(SqlNode query, Tables tables) {
        if (!(query instanceof SqlSelect select)) {
            return Optional.empty();
        }
        return projected(select, "view", tables).filter(side -> !side.key().isEmpty())
                .map(side -> new Table(side.key(), side.columns(), Optional.of(side.name())));
    }

    /** The session's tables by name as a statement writes it, and its views of one table ({@link #viewOfOne}). */
    public interface Tables {
        Optional<Table> table(List<String> names);
    }

    /** The statement's joins, where they are of the shape this reads; empty otherwise. */
    static Optional<JoinOutputKeys> of(AnalysisContext context) {
        if (context.statement().facts().joinTypes().isEmpty()) {
            return Optional.empty();
        }
        Tables tables = names -> context.tablesRead().stream()
                .filter(read -> read.reference().names().equals(names) && (!read.view() || read.viewKey().isPresent()))
                .findFirst()
                .map(read -> new Table(read.viewKey().map(TableRead.ViewKey::columns).orElse(read.primaryKey()),
                        read.columns().stream().map(c -> c.name()).toList(), read.viewKey().map(TableRead.ViewKey::table)));
        return context.statement().tree().flatMap(tree -> of(tree.node(), tables));
    }

    /** The joins of the {@code INSERT} {@code tree}, its tables' keys from {@code tables}; empty where not of this shape. */
    public static Optional<JoinOutputKeys> of(SqlNode tree, Tables tables) {
        Optional<SqlSelect> query = query(tree);
        if (query.isEmpty() || query.get().isDistinct()
                || (query.get().getGroup() != null && query.get().getGroup().size() > 0)
                || !(query.get().getFrom() instanceof SqlJoin join)) {
            return Optional.empty();
        }
        SqlSelect select = query.get();
        List<Equality> equalities = new ArrayList<>();
        Optional<Input> from = input(join, withItems(((SqlInsert) tree).getSource(), tables), equalities, 0);
        if (from.isEmpty() || !(from.get() instanceof Joined joined)) {
            return Optional.empty();
        }
        List<Side> sides = new ArrayList<>();
        sides(joined, sides);
        if (sides.stream().map(Side::label).distinct().count() != sides.size()) {
            return Optional.empty();
        }
        List<SideColumn> selected = new ArrayList<>();
        for (SqlNode item : select.getSelectList()) {
            SqlNode column = SqlUtil.stripAs(item);
            if (column instanceof SqlCall call && call.getKind() == SqlKind.OVER) {
                return Optional.empty();
            }
            column(column, sides).ifPresent(selected::add);
        }
        return Optional.of(new JoinOutputKeys(joined, equalities, selected));
    }

    /**
     * The {@code SELECT} of the {@code INSERT} {@code tree} whose joins this reads: its query, or the body of its {@code
     * WITH} ({@code INSERT INTO t WITH shipped AS (...) SELECT ... FROM orders o JOIN shipped l ON ...}); empty for another
     * statement or query.
     */
    public static Optional<SqlSelect> query(SqlNode tree) {
        if (!(tree instanceof SqlInsert insert)) {
            return Optional.empty();
        }
        SqlNode source = insert.getSource() instanceof SqlWith with ? with.body : insert.getSource();
        return source instanceof SqlSelect select ? Optional.of(select) : Optional.empty();
    }

    /**
     * {@code tables}, with each item of the {@code WITH} {@code source} as a view of one table where its query only
     * projects and filters one ({@link #viewOfOne}, over the tables, views and earlier items it names): Flink inlines a
     * {@code WITH} item in place of its name as it expands a view, so its join keeps the item's key (case 1174, an item
     * over a view), under the names its column list gives them where it has one ({@link #renamed}). An item that does
     * more is no table: the joins that read it are not read (as for a view that does more). {@code tables} itself where {@code source} has no {@code WITH}.
     */
    private static Tables withItems(SqlNode source, Tables tables) {
        if (!(source instanceof SqlWith with)) {
            return tables;
        }
        Tables scoped = tables;
        for (SqlNode node : with.withList) {
            SqlWithItem item = (SqlWithItem) node;
            String name = item.name.getSimple();
            Tables outer = scoped;
            // An item sees the items before it (Flink's SqlValidator scopes a WITH so), never itself.
            Optional<Table> table = viewOfOne(item.query, outer)
                    .flatMap(view -> item.columnList == null ? Optional.of(view) : renamed(view, item.columnList));
            scoped = names -> names.equals(List.of(name)) ? table : outer.table(names);
        }
        return scoped;
    }

    /**
     * {@code view} with its columns named by the {@code WITH} item's column list {@code names}, in its order ({@code WITH
     * lines (id, line, sku) AS (SELECT order_id, line_no, sku FROM order_lines)}: Flink's {@code SqlValidatorImpl} names
     * an item's columns by its list, position by position), the key it keeps under those names (case 1166); empty where
     * the list does not name every column.
     */
    private static Optional<Table> renamed(Table view, SqlNodeList names) {
        if (names.size() != view.columns().size()) {
            return Optional.empty();
        }
        List<String> columns = names.stream().map(n -> ((SqlIdentifier) n).getSimple()).toList();
        List<String> key = view.primaryKey().stream().map(k -> columns.get(view.columns().indexOf(k))).toList();
        return Optional.of(new Table(key, columns, view.keyOf()));
    }

    /** True where no table the joins read declares a PRIMARY KEY: the join's rows have no key to keep. */
    boolean neitherKeyed() {
        return sides().stream().allMatch(s -> s.declared().isEmpty());
    }

    /** The columns of {@code side} the join is on. */
    List<String> joinColumns(Side side) {
        return equalities.stream().flatMap(e -> Stream.of(e.left(), e.right()))
                .filter(c -> c.side().equals(side)).map(SideColumn::column).distinct().toList();
    }

    /**
     * The keys of the joins' rows, as Flink 2.3.0 derives them (the class comment): each with the table it comes from,
     * empty for several tables' keys together.
     */
    List<EqualColumnFix> keys() {
        return keys(from);
    }

    /**
     * The join of the tree that drops the key: the first, bottom up (a join's left input before its right), whose rows
     * have no key ({@link #keys}) while an input of it has one. Empty where the joins' rows keep a key, or where no input
     * of any join has one (no table declares a key its join keeps). Case 1131: the lines' key is kept through the join
     * with the orders and dropped by the join on {@code l.sku = p.sku}, not by the join with the shipments above it.
     */
    public Optional<Joined> dropping() {
        return dropping(from);
    }

    private static Optional<Joined> dropping(Input input) {
        if (!(input instanceof Joined join)) {
            return Optional.empty();
        }
        Optional<Joined> below = dropping(join.left()).or(() -> dropping(join.right()));
        if (below.isPresent()) {
            return below;
        }
        return keys(join).isEmpty() && (!keys(join.left()).isEmpty() || !keys(join.right()).isEmpty())
                ? Optional.of(join) : Optional.empty();
    }

    /** The columns of {@code join}'s left ({@code left}) or right input it is on, in its condition's order. */
    static List<SideColumn> on(Joined join, boolean left) {
        return join.on().stream().map(e -> left ? e.left() : e.right()).distinct().toList();
    }

    /** The keys of {@code input}'s rows ({@link #keys()}, for one input of a join). */
    static List<EqualColumnFix> keys(Input input) {
        if (input instanceof Side side) {
            return side.key().isEmpty() ? List.of()
                    : List.of(new EqualColumnFix(Optional.of(side), columns(side), List.of()));
        }
        Joined join = (Joined) input;
        List<SideColumn> leftOn = join.on().stream().map(Equality::left).distinct().toList();
        List<SideColumn> rightOn = join.on().stream().map(Equality::right).distinct().toList();
        List<EqualColumnFix> leftKeys = keys(join.left());
        List<EqualColumnFix> rightKeys = keys(join.right());
        List<EqualColumnFix> leftKept = leftKeys.stream().filter(k -> k.key().containsAll(leftOn)).toList();
        List<EqualColumnFix> rightKept = rightKeys.stream().filter(k -> k.key().containsAll(rightOn)).toList();
        boolean leftUnique = leftKeys.stream().anyMatch(k -> leftOn.containsAll(k.key()));
        boolean rightUnique = rightKeys.stream().anyMatch(k -> rightOn.containsAll(k.key()));
        List<EqualColumnFix> keys = new ArrayList<>();
        if (rightUnique && !join.type().equals("RIGHT")) {
            keys.addAll(leftKept);
        }
        if (leftUnique && !join.type().equals("LEFT")) {
            keys.addAll(rightKept);
        }
        for (EqualColumnFix l : leftKept) {
            for (EqualColumnFix r : rightKept) {
                List<SideColumn> both = new ArrayList<>(l.key());
                both.addAll(r.key());
                keys.add(new EqualColumnFix(Optional.empty(), both, List.of()));
            }
        }
        return keys;
    }

    /**
     * The first key of the joins' rows ({@link #keys}) the SELECT keeps where it writes, in place of some columns it
     * writes, the columns the joins equate them with (inner joins only: an outer join's padded side is null where its
     * equal column is not); empty where it keeps a key already, or where no such choice keeps one.
     */
    public Optional<EqualColumnFix> equalColumnFix() {
        if (!innerOnly(from)) {
            return Optional.empty();
        }
        for (EqualColumnFix key : keys()) {
            if (selected.containsAll(key.key())) {
                return Optional.empty();
            }
        }
        for (EqualColumnFix key : keys()) {
            Set<SideColumn> chosen = new LinkedHashSet<>(selected);
            List<Equality> swaps = new ArrayList<>();
            boolean covered = true;
            for (SideColumn column : key.key()) {
                if (chosen.contains(column)) {
                    continue;
                }
                Optional<SideColumn> written = equal(column).stream().filter(chosen::contains)
                        .filter(c -> !key.key().contains(c)).findFirst();
                if (written.isEmpty()) {
                    covered = false;
                    break;
                }
                chosen.remove(written.get());
                chosen.add(column);
                swaps.add(new Equality(written.get(), column));
            }
            if (covered && !swaps.isEmpty()) {
                return Optional.of(new EqualColumnFix(key.side(), key.key(), swaps));
            }
        }
        return Optional.empty();
    }

    /**
     * The columns the inner joins' equalities make equal to {@code column}, through any number of them ({@code a.k =
     * b.k} and {@code b.k = c.k}: {@code a.k} and {@code c.k} are equal too), nearest first.
     */
    private List<SideColumn> equal(SideColumn column) {
        List<SideColumn> found = new ArrayList<>(List.of(column));
        for (int i = 0; i < found.size(); i++) {
            SideColumn at = found.get(i);
            for (Equality e : equalities) {
                SideColumn other = e.left().equals(at) ? e.right() : e.right().equals(at) ? e.left() : null;
                if (other != null && !found.contains(other)) {
                    found.add(other);
                }
            }
        }
        return found.subList(1, found.size());
    }

    private static boolean innerOnly(Input input) {
        return !(input instanceof Joined join)
                || join.type().equals("INNER") && innerOnly(join.left()) && innerOnly(join.right());
    }

    private static void sides(Input input, List<Side> out) {
        if (input instanceof Side side) {
            out.add(side);
        } else if (input instanceof Joined join) {
            sides(join.left(), out);
            sides(join.right(), out);
        }
    }

    private static List<SideColumn> columns(Side side) {
        return side.key().stream().map(c -> new SideColumn(side, c)).toList();
    }

    private static void conjuncts(SqlNode condition, List<SqlNode> out) {
        if (condition.getKind() == SqlKind.AND) {
            for (SqlNode operand : ((SqlBasicCall) condition).getOperandList()) {
                conjuncts(operand, out);
            }
        } else {
            out.add(condition);
        }
    }

    /**
     * The join or table {@code node} of a {@code FROM} clause, its joins' column equalities added to {@code equalities};
     * empty where it is not of this shape.
     */
    private static Optional<Input> input(SqlNode node, Tables tables, List<Equality> equalities, int depth) {
        if (depth > 32) {
            return Optional.empty();
        }
        if (!(node instanceof SqlJoin join)) {
            return side(node, tables).map(s -> s);
        }
        String type = switch (join.getJoinType()) {
            case INNER -> "INNER";
            case LEFT -> "LEFT";
            case RIGHT -> "RIGHT";
            default -> "";
        };
        if (type.isEmpty() || join.getJoinType() == JoinType.COMMA || join.getCondition() == null) {
            return Optional.empty();
        }
        Optional<Input> left = input(join.getLeft(), tables, equalities, depth + 1);
        Optional<Input> right = input(join.getRight(), tables, equalities, depth + 1);
        if (left.isEmpty() || right.isEmpty()) {
            return Optional.empty();
        }
        List<Side> leftSides = new ArrayList<>();
        sides(left.get(), leftSides);
        List<Side> rightSides = new ArrayList<>();
        sides(right.get(), rightSides);
        List<Side> both = new ArrayList<>(leftSides);
        both.addAll(rightSides);
        List<SqlNode> conjuncts = new ArrayList<>();
        conjuncts(join.getCondition(), conjuncts);
        List<Equality> on = new ArrayList<>();
        for (SqlNode conjunct : conjuncts) {
            if (conjunct.getKind() != SqlKind.EQUALS) {
                continue; // not an equality: Flink's JoinInfo keys the join by its equalities alone
            }
            SqlCall equals = (SqlCall) conjunct;
            Optional<SideColumn> a = column(equals.operand(0), both);
            Optional<SideColumn> b = column(equals.operand(1), both);
            if (a.isEmpty() || b.isEmpty()) {
                return Optional.empty();
            }
            boolean aLeft = leftSides.contains(a.get().side());
            boolean bLeft = leftSides.contains(b.get().side());
            if (aLeft == bLeft) {
                return Optional.empty();
            }
            on.add(aLeft ? new Equality(a.get(), b.get()) : new Equality(b.get(), a.get()));
        }
        if (on.isEmpty()) {
            return Optional.empty();
        }
        equalities.addAll(on);
        return Optional.of(new Joined(type, left.get(), right.get(), on));
    }

    /**
     * An input of a join that is a table the session's catalog holds (not a view), with the key it declares, or a
     * subquery that only projects and filters one ({@link #projected}).
     */
    private static Optional<Side> side(SqlNode input, Tables tables) {
        String alias = "";
        SqlNode table = input;
        if (input.getKind() == SqlKind.AS) {
            if (((SqlCall) input).operandCount() != 2) {
                return Optional.empty(); // an alias with a column list renames the columns
            }
            table = ((SqlCall) input).operand(0);
            alias = ((SqlIdentifier) ((SqlCall) input).operand(1)).getSimple();
        }
        if (table instanceof SqlSelect query) {
            return alias.isEmpty() ? Optional.empty() : projected(query, alias, tables);
        }
        if (!(table instanceof SqlIdentifier name)) {
            return Optional.empty();
        }
        String label = alias.isEmpty() ? name.names.get(name.names.size() - 1) : alias;
        return tables.table(name.names).map(t -> new Side(label, t.keyOf().orElse(String.join(".", name.names)),
                t.primaryKey(), t.columns(), t.primaryKey()));
    }

    /**
     * The subquery {@code query}, named {@code alias}, as a table: where it only projects and filters one table ({@code
     * SELECT order_id, line_no AS line, sku FROM order_lines WHERE ...}: no {@code GROUP BY}, {@code DISTINCT}, {@code
     * OVER}, join or subquery), its columns are the ones it selects as they are or renamed, and it keeps the table's key
     * where it selects every column of it, under the names it selects them as (Flink's {@code
     * FlinkRelMdUniqueKeys#getProjectUniqueKeys}); an expression is a column with no key. Empty for another query.
     */
    private static Optional<Side> projected(SqlSelect query, String alias, Tables tables) {
        if (query.isDistinct() || (query.getGroup() != null && query.getGroup().size() > 0) || query.getHaving() != null
                || query.getFetch() != null || query.getOffset() != null) {
            return Optional.empty();
        }
        Optional<Side> table = query.getFrom() == null ? Optional.empty() : side(query.getFrom(), tables)
                .filter(s -> !(query.getFrom() instanceof SqlSelect) && !(SqlUtil.stripAs(query.getFrom()) instanceof SqlSelect));
        if (table.isEmpty()) {
            return Optional.empty();
        }
        List<String> columns = new ArrayList<>();
        Map<String, String> renamed = new HashMap<>();
        for (SqlNode item : query.getSelectList()) {
            SqlNode value = SqlUtil.stripAs(item);
            if (value instanceof SqlCall call && call.getKind() == SqlKind.OVER) {
                return Optional.empty();
            }
            if (value instanceof SqlIdentifier id && id.isStar()) {
                for (String column : table.get().columns()) {
                    columns.add(column);
                    renamed.putIfAbsent(column, column);
                }
                continue;
            }
            String name = item.getKind() == SqlKind.AS
                    ? ((SqlIdentifier) ((SqlCall) item).operand(1)).getSimple()
                    : value instanceof SqlIdentifier id ? id.names.get(id.names.size() - 1) : "";
            if (name.isEmpty()) {
                return Optional.empty(); // Flink names an expression EXPR$n: no column the query can name
            }
            columns.add(name);
            Optional<SideColumn> column = column(value, List.of(table.get()));
            if (column.isPresent()) {
                renamed.putIfAbsent(column.get().column(), name);
            }
        }
        List<String> key = table.get().key().stream().map(renamed::get).toList();
        return Optional.of(new Side(alias, table.get().name(), key.contains(null) ? List.of() : key, columns,
                table.get().declared()));
    }

    /** A column {@code node} names, qualified by an input's label or, unqualified, of one input only. */
    private static Optional<SideColumn> column(SqlNode node, List<Side> sides) {
        if (!(node instanceof SqlIdentifier id) || id.isStar()) {
            return Optional.empty();
        }
        if (id.names.size() == 2) {
            String qualifier = id.names.get(0);
            return sides.stream().filter(s -> s.label().equals(qualifier)).findFirst()
                    .filter(s -> s.columns().contains(id.names.get(1)))
                    .map(s -> new SideColumn(s, id.names.get(1)));
        }
        if (id.names.size() != 1) {
            return Optional.empty();
        }
        String column = id.names.get(0);
        List<Side> having = sides.stream().filter(s -> s.columns().contains(column)).toList();
        return having.size() != 1 ? Optional.empty() : Optional.of(new SideColumn(having.get(0), column));
    }
}
