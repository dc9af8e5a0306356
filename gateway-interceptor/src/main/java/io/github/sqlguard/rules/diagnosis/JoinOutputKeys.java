package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.statement.QueryFacts;

import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The keys a statement's one join of two tables gives its rows, derived as Flink 2.3.0 derives them from the keys its
 * inputs declare, for a statement Flink refused (a diagnosis has no plan). Read only for an {@code INSERT} whose query is
 * one {@code SELECT} (no {@code GROUP BY}, {@code DISTINCT} or {@code OVER}) from an {@code INNER}, {@code LEFT} or
 * {@code RIGHT} join of two tables (not views) on at least one column equality (its other conditions key nothing).
 *
 * <p>Flink 2.3.0 {@code FlinkRelMdUpsertKeys#getJoinUpsertKeys}: each input's upsert keys (a table's declared PRIMARY
 * KEY) are kept only where they hold the input's join columns ({@code #filterKeys}, the rows being distributed by them),
 * and {@code FlinkRelMdUniqueKeys#getJoinUniqueKeys} makes of them the join's keys: both sides' kept keys together;
 * one side's kept key alone where the other side is unique on its join columns ({@code #isSideUnique}: its key is among
 * them) and the join pads no nulls on the kept side. The projection above keeps a key only where it selects every
 * column of it ({@code FlinkRelMdUniqueKeys#getProjectUniqueKeys}); Flink 2.3.0 does not take a column the join equates
 * with a key column for that column (the enrichment by the join's equalities came after it, FLINK-38753): selecting
 * {@code src1.a1} where the key holds {@code src2.a2}, equal by {@code ON src1.a1 = src2.a2}, keeps no key, and selecting
 * {@code src2.a2} keeps it (asked of 2.3.0: the first INSERT is refused with {@code upsert key: .}, the second plans
 * into a sink keyed by {@code (a2, b2)}; case 1064).
 *
 * @param type the join's type as the statement writes it ({@code INNER}, {@code LEFT}, {@code RIGHT})
 * @param left the join's left input
 * @param right the join's right input
 * @param equalities the join's column equalities, left column first
 * @param selected the columns the SELECT writes as they are, in its order
 *
 * <p>Stability: internal (the rule's reason and fix, and the {@code join-equal-column} rewrite).
 */
public record JoinOutputKeys(String type, Side left, Side right, List<Equality> equalities, List<SideColumn> selected) {

    /**
     * One input of the join.
     *
     * @param label how the statement names it: its alias, else its name
     * @param name its table's name as written
     * @param key the PRIMARY KEY it declares; empty where it declares none
     * @param columns its columns' names
     */
    public record Side(String label, String name, List<String> key, List<String> columns) {

        public Side {
            key = List.copyOf(key);
            columns = List.copyOf(columns);
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
     * @param side the input whose declared key it is, or empty where it is both inputs' keys together
     * @param key the key's columns
     * @param select each column to select in place of the one the SELECT writes, keyed by that one
     */
    public record EqualColumnFix(Optional<Side> side, List<SideColumn> key, List<Equality> select) {}

    public JoinOutputKeys {
        equalities = List.copyOf(equalities);
        selected = List.copyOf(selected);
    }

    /** A table as the session's catalog holds it: its declared PRIMARY KEY and its columns' names. */
    public record Table(List<String> primaryKey, List<String> columns) {

        public Table {
            primaryKey = List.copyOf(primaryKey);
            columns = List.copyOf(columns);
        }
    }

    /** The session's tables by name as a statement writes it; empty for a view or a name the catalog lacks. */
    public interface Tables {
        Optional<Table> table(List<String> names);
    }

    /** The statement's join, where it is of the shape this reads; empty otherwise. */
    static Optional<JoinOutputKeys> of(AnalysisContext context) {
        if (context.statement().facts().joinTypes().size() != 1) {
            return Optional.empty();
        }
        Tables tables = names -> context.tablesRead().stream()
                .filter(read -> !read.view() && read.reference().names().equals(names))
                .findFirst()
                .map(read -> new Table(read.primaryKey(), read.columns().stream().map(c -> c.name()).toList()));
        return QueryFacts.parse(context.statement().text()).flatMap(tree -> of(tree, tables));
    }

    /** The join of the {@code INSERT} {@code tree}, its tables' keys from {@code tables}; empty where not of this shape. */
    public static Optional<JoinOutputKeys> of(SqlNode tree, Tables tables) {
        if (!(tree instanceof SqlInsert insert) || !(insert.getSource() instanceof SqlSelect select)
                || select.isDistinct() || (select.getGroup() != null && select.getGroup().size() > 0)
                || !(select.getFrom() instanceof SqlJoin join) || join.getCondition() == null) {
            return Optional.empty();
        }
        String type = switch (join.getJoinType()) {
            case INNER -> "INNER";
            case LEFT -> "LEFT";
            case RIGHT -> "RIGHT";
            default -> "";
        };
        Optional<Side> left = side(join.getLeft(), tables);
        Optional<Side> right = side(join.getRight(), tables);
        if (type.isEmpty() || join.getJoinType() == JoinType.COMMA || left.isEmpty() || right.isEmpty()
                || left.get().label().equals(right.get().label())) {
            return Optional.empty();
        }
        List<SqlNode> conjuncts = new ArrayList<>();
        conjuncts(join.getCondition(), conjuncts);
        List<Equality> equalities = new ArrayList<>();
        for (SqlNode conjunct : conjuncts) {
            if (conjunct.getKind() != SqlKind.EQUALS) {
                continue; // not an equality: Flink's JoinInfo keys the join by its equalities alone
            }
            SqlCall equals = (SqlCall) conjunct;
            Optional<SideColumn> a = column(equals.operand(0), left.get(), right.get(), tables);
            Optional<SideColumn> b = column(equals.operand(1), left.get(), right.get(), tables);
            if (a.isEmpty() || b.isEmpty() || a.get().side().equals(b.get().side())) {
                return Optional.empty();
            }
            equalities.add(a.get().side().equals(left.get()) ? new Equality(a.get(), b.get()) : new Equality(b.get(), a.get()));
        }
        if (equalities.isEmpty()) {
            return Optional.empty();
        }
        List<SideColumn> selected = new ArrayList<>();
        for (SqlNode item : select.getSelectList()) {
            SqlNode column = SqlUtil.stripAs(item);
            if (column instanceof SqlCall call && call.getKind() == SqlKind.OVER) {
                return Optional.empty();
            }
            column(column, left.get(), right.get(), tables).ifPresent(selected::add);
        }
        return Optional.of(new JoinOutputKeys(type, left.get(), right.get(), equalities, selected));
    }

    /** True where neither input declares a PRIMARY KEY: the join's rows have no key to keep. */
    boolean neitherKeyed() {
        return left.key().isEmpty() && right.key().isEmpty();
    }

    /** The columns of {@code side} the join is on. */
    List<String> joinColumns(Side side) {
        return equalities.stream().map(e -> side.equals(left) ? e.left().column() : e.right().column()).distinct().toList();
    }

    /**
     * The keys of the join's rows, as Flink 2.3.0 derives them (the class comment): each with the input it comes from,
     * empty for both inputs' keys together.
     */
    List<EqualColumnFix> keys() {
        boolean leftKept = !left.key().isEmpty() && left.key().containsAll(joinColumns(left));
        boolean rightKept = !right.key().isEmpty() && right.key().containsAll(joinColumns(right));
        boolean leftUnique = !left.key().isEmpty() && joinColumns(left).containsAll(left.key());
        boolean rightUnique = !right.key().isEmpty() && joinColumns(right).containsAll(right.key());
        List<EqualColumnFix> keys = new ArrayList<>();
        if (leftKept && rightUnique && !type.equals("RIGHT")) {
            keys.add(new EqualColumnFix(Optional.of(left), columns(left), List.of()));
        }
        if (rightKept && leftUnique && !type.equals("LEFT")) {
            keys.add(new EqualColumnFix(Optional.of(right), columns(right), List.of()));
        }
        if (leftKept && rightKept) {
            List<SideColumn> both = new ArrayList<>(columns(left));
            both.addAll(columns(right));
            keys.add(new EqualColumnFix(Optional.empty(), both, List.of()));
        }
        return keys;
    }

    /**
     * The first key of the join's rows ({@link #keys}) the SELECT keeps where it writes, in place of some columns it
     * writes, the columns the join equates them with (an {@code INNER} join only: an outer join's padded side is null
     * where its equal column is not); empty where it keeps a key already, or where no such choice keeps one.
     */
    public Optional<EqualColumnFix> equalColumnFix() {
        if (!type.equals("INNER")) {
            return Optional.empty();
        }
        for (EqualColumnFix key : keys()) {
            Set<SideColumn> chosen = new LinkedHashSet<>(selected);
            List<Equality> swaps = new ArrayList<>();
            boolean covered = true;
            for (SideColumn column : key.key()) {
                if (chosen.contains(column)) {
                    continue;
                }
                Optional<Equality> swap = equalities.stream()
                        .filter(e -> e.left().equals(column) && chosen.contains(e.right())
                                || e.right().equals(column) && chosen.contains(e.left()))
                        .findFirst();
                if (swap.isEmpty()) {
                    covered = false;
                    break;
                }
                SideColumn written = swap.get().left().equals(column) ? swap.get().right() : swap.get().left();
                chosen.remove(written);
                chosen.add(column);
                swaps.add(new Equality(written, column));
            }
            if (!covered) {
                continue;
            }
            if (swaps.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new EqualColumnFix(key.side(), key.key(), swaps));
        }
        return Optional.empty();
    }

    private List<SideColumn> columns(Side side) {
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

    /** An input of the join that is a table the session's catalog holds (not a view), with the key it declares. */
    private static Optional<Side> side(SqlNode input, Tables tables) {
        String alias = "";
        SqlNode table = input;
        if (input.getKind() == SqlKind.AS) {
            table = ((SqlCall) input).operand(0);
            alias = ((SqlIdentifier) ((SqlCall) input).operand(1)).getSimple();
        }
        if (!(table instanceof SqlIdentifier name)) {
            return Optional.empty();
        }
        String label = alias.isEmpty() ? name.names.get(name.names.size() - 1) : alias;
        return tables.table(name.names).map(t -> new Side(label, String.join(".", name.names), t.primaryKey(), t.columns()));
    }

    /** A column {@code node} names, qualified by an input's label or, unqualified, of one input only. */
    private static Optional<SideColumn> column(SqlNode node, Side left, Side right, Tables tables) {
        if (!(node instanceof SqlIdentifier id) || id.isStar()) {
            return Optional.empty();
        }
        if (id.names.size() == 2) {
            String qualifier = id.names.get(0);
            Side side = qualifier.equals(left.label()) ? left : qualifier.equals(right.label()) ? right : null;
            return side == null ? Optional.empty() : Optional.of(new SideColumn(side, id.names.get(1)));
        }
        if (id.names.size() != 1) {
            return Optional.empty();
        }
        String column = id.names.get(0);
        boolean inLeft = left.columns().contains(column);
        boolean inRight = right.columns().contains(column);
        return inLeft == inRight ? Optional.empty() : Optional.of(new SideColumn(inLeft ? left : right, column));
    }
}
