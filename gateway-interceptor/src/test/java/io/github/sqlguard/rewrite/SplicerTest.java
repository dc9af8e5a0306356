package io.github.sqlguard.rewrite;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The user's text with a changed tree written back into it, for the changes that Calcite's parser
 * positions or unparse did not carry: a {@code LIMIT} added to an {@code ORDER BY} (whose node sits
 * at its last token), an {@code OPTIONS} hint taken off a table (which Calcite's dialect does not
 * write), and a statement written anew from its first token.
 */
class SplicerTest {

    @Test
    void limitAddedToAnOrderByIsWrittenAfterItsLastKeyAndTheRestIsKept() {
        String text = "SELECT `Symbol`, `Price $`\nFROM `Price Ticks`\n-- the most expensive first\nORDER BY `Price $` DESC, `Symbol`";
        SqlOrderBy original = (SqlOrderBy) SqlTrees.parse(text).orElseThrow();
        SqlOrderBy changed = (SqlOrderBy) SqlTrees.parse(text).orElseThrow();
        SqlNode limited = new SqlOrderBy(changed.getParserPosition(), changed.query, changed.orderList, null,
                SqlLiteral.createExactNumeric("10", SqlParserPos.ZERO));

        assertThat(Splicer.splice(text, original, limited)).isEqualTo(text + " LIMIT 10");
    }

    /**
     * bounded-sort by the event time: the first key changed ({@code pt} becomes {@code read_at}) and a {@code LIMIT}
     * added in one rewrite. Before, the order by's changed key and its added fetch were one difference, and the
     * statement was written anew: {@code ... ORDER BY read_at DESC FETCH NEXT 10 ROWS ONLY} on lines of Calcite's.
     */
    @Test
    void limitAddedWithAChangedOrderKeyKeepsTheUsersTextAndWritesLimit() {
        String text = "select sensor_id, reading -- the newest first\nfrom sensor_readings\norder by pt desc, sensor_id asc";
        SqlOrderBy original = (SqlOrderBy) SqlTrees.parse(text).orElseThrow();
        SqlOrderBy changed = (SqlOrderBy) SqlTrees.parse(text).orElseThrow();
        EventTimeOrder.replaceFirstKey(changed.orderList, "read_at");
        SqlNode limited = new SqlOrderBy(changed.getParserPosition(), changed.query, changed.orderList, null,
                SqlLiteral.createExactNumeric("10", SqlParserPos.ZERO));

        assertThat(Splicer.splice(text, original, limited))
                .isEqualTo("select sensor_id, reading -- the newest first\nfrom sensor_readings\norder by read_at desc,"
                        + " sensor_id asc limit 10");
    }

    @Test
    void limitAddedToTheQueryOfAnInsertKeepsTheInsert() {
        String text = "INSERT INTO biggest_orders\nSELECT order_id, amount FROM orders ORDER BY amount DESC";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlNode changed = SqlTrees.parse(text).orElseThrow();
        SqlOrderBy orderBy = (SqlOrderBy) Trees.insertSource(changed);
        Trees.replace(Trees.parents(changed), orderBy, new SqlOrderBy(orderBy.getParserPosition(), orderBy.query,
                orderBy.orderList, null, SqlLiteral.createExactNumeric("10", SqlParserPos.ZERO)));

        assertThat(Splicer.splice(text, original, changed)).isEqualTo(text + " LIMIT 10");
    }

    @Test
    void limitAddedToTheSortingInsertOfAStatementSetKeepsTheOtherInsertAndTheLayout() {
        String text = "EXECUTE STATEMENT SET\nBEGIN\n  INSERT INTO big_orders SELECT order_id, amount FROM orders WHERE amount > 100;\n"
                + "  INSERT INTO by_amount SELECT order_id, amount FROM orders ORDER BY amount DESC;\nEND";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlNode changed = SqlTrees.parse(text).orElseThrow();
        SqlOrderBy orderBy = TimeAttributeOrder.topOrderBy(changed);
        Trees.replace(Trees.parents(changed), orderBy, new SqlOrderBy(orderBy.getParserPosition(), orderBy.query,
                orderBy.orderList, null, SqlLiteral.createExactNumeric("10", SqlParserPos.ZERO)));

        assertThat(Splicer.splice(text, original, changed)).isEqualTo(text.replace("amount DESC;", "amount DESC LIMIT 10;"));
    }

    /** A block put inside {@code SELECT * FROM (…) WHERE …}, as {@code rank-in-subquery} does: its condition moved out. */
    private static SqlNode wrapped(SqlNode changed, SqlSelect block, SqlNode inner, SqlNode outer) {
        SqlSelect wrapper = Snippets.select("SELECT * FROM t");
        wrapper.setWhere(outer);
        block.setWhere(inner);
        if (changed == block) {
            wrapper.setFrom(block);
            return wrapper;
        }
        Trees.replace(Trees.parents(changed), block, wrapper);
        wrapper.setFrom(block);
        return changed;
    }

    @Test
    void blockPutInsideAFilteringBlockKeepsItsLinesAndMovesItsConditionAsWritten() {
        String text = "SELECT order_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount ASC) AS rn\n"
                + "FROM orders INNER JOIN users ON orders.user_id = users.id\nWHERE rn   =  1";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect changed = (SqlSelect) SqlTrees.parse(text).orElseThrow();

        String spliced = Splicer.splice(text, original, wrapped(changed, changed, null, changed.getWhere()));

        assertThat(spliced).isEqualTo("SELECT * FROM (\n"
                + "SELECT order_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount ASC) AS rn\n"
                + "FROM orders INNER JOIN users ON orders.user_id = users.id\n) WHERE rn   =  1");
    }

    @Test
    void blockInsideAWithQueryKeepsItsIndentationAndItsOtherConditions() {
        String text = "WITH latest AS (\n  SELECT order_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time DESC) AS rn\n"
                + "  FROM orders\n  WHERE amount > 0 AND rn <= 3\n)\nSELECT order_id FROM latest";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlNode changed = SqlTrees.parse(text).orElseThrow();
        SqlSelect block = Trees.selects(changed).stream().filter(s -> s.getWhere() != null).findFirst().orElseThrow();
        List<SqlNode> conjuncts = Trees.conjuncts(block.getWhere());

        String spliced = Splicer.splice(text, original, wrapped(changed, block, conjuncts.get(0), conjuncts.get(1)));

        assertThat(spliced).isEqualTo("WITH latest AS (\n  SELECT * FROM (\n"
                + "  SELECT order_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY order_time DESC) AS rn\n"
                + "  FROM orders\n  WHERE amount > 0\n  ) WHERE rn <= 3\n)\nSELECT order_id FROM latest");
    }

    @Test
    void optionsHintTakenOffATableIsAChangeAndLeavesTheRestAsWritten() {
        String text = "SELECT user_id, COUNT(*)\nFROM orders /*+ OPTIONS('state.ttl' = '1 d') */\nGROUP BY user_id";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect changed = (SqlSelect) SqlTrees.parse(text).orElseThrow();
        changed.setFrom(((SqlCall) changed.getFrom()).operand(0));

        String spliced = Splicer.splice(text, original, changed);

        assertThat(spliced).doesNotContain("OPTIONS").doesNotContain("state.ttl").startsWith("SELECT user_id, COUNT(*)\n")
                .endsWith("GROUP BY user_id");
        assertThat(SqlTrees.parse(spliced)).isPresent();
    }

    @Test
    void optionsHintOfATableIsWrittenWhenATreeIsUnparsed() {
        SqlNode tree = SqlTrees.parse("SELECT * FROM orders /*+ OPTIONS('scan.startup.mode' = 'latest-offset') */").orElseThrow();

        assertThat(SqlTrees.unparse(tree)).contains("orders /*+ OPTIONS('scan.startup.mode' = 'latest-offset') */");
    }

    @Test
    void statementWrittenAnewKeepsOnlyTheCommentsBeforeItsFirstToken() {
        // A change the splicer cannot place (the ORDER BY's node sits at its last token, and there is
        // an OFFSET): the statement is written anew, after its leading comment, not after its sort key.
        String text = "-- biggest first\nSELECT * FROM orders ORDER BY amount DESC OFFSET 5 ROWS";
        SqlOrderBy original = (SqlOrderBy) SqlTrees.parse(text).orElseThrow();
        SqlOrderBy parsed = (SqlOrderBy) SqlTrees.parse(text).orElseThrow();
        SqlNode changed = new SqlOrderBy(parsed.getParserPosition(), parsed.query, parsed.orderList, parsed.offset,
                SqlLiteral.createExactNumeric("10", SqlParserPos.ZERO));

        String spliced = Splicer.splice(text, original, changed);

        assertThat(spliced).startsWith("-- biggest first\nSELECT").containsOnlyOnce("SELECT").contains("10");
        assertThat(SqlTrees.parse(spliced).map(SqlTrees::unparse)).contains(SqlTrees.unparse(changed));
    }

    @Test
    void groupByItemChangedAndAnotherAddedKeepsTheKeywordTheLineBreaksAndTheComments() {
        String text = "SELECT page, TUMBLE_START(viewed_at, INTERVAL '1' HOUR) AS wstart, COUNT(*) AS cnt\n"
                + "FROM page_views -- every view\n"
                + "GROUP BY page, TUMBLE(viewed_at, INTERVAL '1' HOUR)";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect changed = (SqlSelect) SqlTrees.parse(text).orElseThrow();
        ((SqlCall) changed.getSelectList().get(1)).setOperand(0, SqlTrees.identifier("window_start"));
        changed.getSelectList().add(SqlTrees.identifier("window_end"));
        changed.setFrom(Snippets.fromItem("TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(viewed_at), INTERVAL '1' HOUR))"));
        changed.getGroup().set(1, SqlTrees.identifier("window_start"));
        changed.getGroup().add(SqlTrees.identifier("window_end"));

        assertThat(Splicer.splice(text, original, changed)).isEqualTo(
                "SELECT page, window_start AS wstart, COUNT(*) AS cnt, window_end\n"
                + "FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(viewed_at), INTERVAL '1' HOUR)) -- every view\n"
                + "GROUP BY page, window_start, window_end");
    }

    @Test
    void itemsAddedBeforeAListWhoseLastItemChangedKeepTheItemsLayout() {
        String text = "SELECT page, user_id,\n       ROW_NUMBER() OVER (PARTITION BY page ORDER BY viewed_at ASC) AS rn\nFROM eu_views";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect changed = (SqlSelect) SqlTrees.parse(text).orElseThrow();
        SqlNodeList items = changed.getSelectList();
        SqlCall over = ((SqlCall) ((SqlCall) items.get(2)).operand(0));
        ((org.apache.calcite.sql.SqlWindow) over.operand(1)).getPartitionList().add(0, SqlTrees.identifier("window_start"));
        items.add(0, SqlTrees.identifier("window_start"));

        assertThat(Splicer.splice(text, original, changed)).isEqualTo(
                "SELECT window_start, page, user_id,\n"
                + "       ROW_NUMBER() OVER (PARTITION BY window_start, page ORDER BY viewed_at ASC) AS rn\nFROM eu_views");
    }

    @Test
    void itemsCutFromAListWhoseOtherItemChangedAreCutAlone() {
        String text = "SELECT page,\n  user_id,\n  COUNT(*) AS cnt\nFROM page_views\nGROUP BY page, user_id";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect changed = (SqlSelect) SqlTrees.parse(text).orElseThrow();
        changed.getSelectList().remove(1);
        ((SqlCall) changed.getSelectList().get(1)).setOperand(1, SqlTrees.identifier("page_views_count"));

        String spliced = Splicer.splice(text, original, changed);

        assertThat(spliced).isEqualTo("SELECT page,\n  COUNT(*) AS page_views_count\nFROM page_views\nGROUP BY page, user_id");
    }

    /** The blocks of {@code tree}, outermost first, as {@link Trees#selects} finds them. */
    private static List<SqlSelect> blocks(SqlNode tree) {
        return Trees.selects(tree);
    }

    private static SqlSelect blockReading(SqlNode tree, String table) {
        return blocks(tree).stream().filter(s -> s.getFrom() != null && SqlTrees.unparse(s.getFrom()).contains(table))
                .reduce((first, second) -> second).orElseThrow();
    }

    @Test
    void hintsAddedToABlockAndToTheBlockNestedInItsFromAreWrittenAfterEachSelectAndNothingElseMoves() {
        // Before: the outer block's hint needed its FROM unchanged, so the two hints lifted the change to
        // the whole statement, reprinted on one line without its comments, ASC, INNER or ASYMMETRIC.
        String text = "-- the largest total per region\n"
                + "select region, max(total) as top_total\n"
                + "from (\n"
                + "  select   customer_id, region, sum(amount) as total -- per customer\n"
                + "  from orders\n"
                + "  where amount between asymmetric 1 and 1000\n"
                + "  group by customer_id, region\n"
                + ") as t\n"
                + "group by region";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlNode changed = SqlTrees.parse(text).orElseThrow();
        Blocks.addHint((SqlSelect) changed, Blocks.stateTtl(List.of("t"), "1 d"));
        Blocks.addHint(blockReading(changed, "orders"), Blocks.stateTtl(List.of("orders"), "1 d"));

        assertThat(Splicer.splice(text, original, changed)).isEqualTo(text
                .replace("select region", "select /*+ state_ttl('t' = '1 d') */ region")
                .replace("select   customer_id", "select /*+ state_ttl('orders' = '1 d') */   customer_id"));
    }

    /**
     * state-ttl-hint on case 786: the outer block's pin of 0 given 1 d and a key added for the other side, and a hint
     * added to the subquery of the pinned side. Before, the added key was written as a list item ({@code 's' = '1 d',
     * 'c', '1 d'}), no level read back, and the statement was written anew on Calcite's lines.
     */
    @Test
    void keyAddedToAHintBesideAHintAddedToTheSubqueryOfAJoinSideKeepsTheLayout() {
        String text = "SELECT /*+ STATE_TTL('s' = '0') */ c.url, s.country\n"
                + "FROM clicks c\n"
                + "JOIN (SELECT se.session_id, u.country FROM sessions se JOIN users u ON se.user_id = u.user_id) s\n"
                + "  ON c.session_id = s.session_id";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlNode changed = SqlTrees.parse(text).orElseThrow();
        SqlNodeList options = (SqlNodeList) ((SqlHint) ((SqlSelect) changed).getHints().get(0)).getOperandList().get(1);
        options.set(1, SqlLiteral.createCharString("1 d", SqlParserPos.ZERO));
        options.add(SqlLiteral.createCharString("c", SqlParserPos.ZERO));
        options.add(SqlLiteral.createCharString("1 d", SqlParserPos.ZERO));
        Blocks.addHint(blockReading(changed, "users"), Blocks.stateTtl(List.of("se", "u"), "1 d"));

        assertThat(Splicer.splice(text, original, changed)).isEqualTo(text
                .replace("STATE_TTL('s' = '0')", "STATE_TTL('s' = '1 d', 'c' = '1 d')")
                .replace("(SELECT se.", "(SELECT /*+ STATE_TTL('se' = '1 d', 'u' = '1 d') */ se."));
    }

    /**
     * hint-moved on Flink 1.20 (golden 446): a table function read through a new subquery, {@code (select * from
     * table(hop(...))) as w}, so that the hint can name it. Before, the new subquery was unparsed whole and the
     * function's own line break was lost; now the function the rewrite moved is written as the user wrote it.
     */
    @Test
    void tableFunctionMovedIntoANewSubqueryIsWrittenAsTheUserWroteIt() {
        String text = "insert into hourly_clicks\n"
                + "select w.window_end, count(*) as clicks\n"
                + "from table(\n"
                + "  hop(table clicks, descriptor(clicked_at), interval '10' minute, interval '1' hour)) as w\n"
                + "group by w.window_end";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlNode changed = SqlTrees.parse(text).orElseThrow();
        SqlSelect block = blockReading(changed, "clicks");
        SqlCall as = (SqlCall) block.getFrom();
        SqlSelect wrapper = Snippets.select("SELECT * FROM t");
        wrapper.setFrom(as.operand(0));
        as.setOperand(0, wrapper);

        assertThat(Splicer.splice(text, original, changed)).isEqualTo(text.replace("from table(\n  hop(",
                "from (select * from table(\n  hop(").replace("interval '1' hour)) as w", "interval '1' hour))) as w"));
    }

    @Test
    void hintAddedToTheSubqueryOfAJoinSideKeepsTheJoinAndTheOrderKeysAsWritten() {
        String text = "SELECT w.player, w.total, p.team\n"
                + "FROM (\n"
                + "  SELECT player, SUM(votes) AS total\n"
                + "  FROM ballots\n"
                + "  GROUP BY player\n"
                + ") AS w\n"
                + "INNER JOIN players AS p\n"
                + "  ON w.player = p.player\n"
                + "ORDER BY w.total ASC";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlNode changed = SqlTrees.parse(text).orElseThrow();
        Blocks.addHint(blockReading(changed, "ballots"), Blocks.stateTtl(List.of("ballots"), "1 d"));
        Blocks.addHint(blockReading(changed, "players"), Blocks.stateTtl(List.of("w", "p"), "1 d"));

        assertThat(Splicer.splice(text, original, changed)).isEqualTo(text
                .replace("SELECT w.player", "SELECT /*+ STATE_TTL('w' = '1 d', 'p' = '1 d') */ w.player")
                .replace("SELECT player", "SELECT /*+ STATE_TTL('ballots' = '1 d') */ player"));
    }

    @Test
    void hintTakenOffABlockAndPutOnTheBlockInItsFromIsCutAndWrittenByTheirTokens() {
        // hint-moved: a STATE_TTL hint on a block without state moved to the aggregating block it reads.
        String text = "SELECT /*+ STATE_TTL('t' = '1 h') */ user_id, cnt\n"
                + "FROM (\n  SELECT user_id, COUNT(*) AS cnt\n  FROM orders /* every order */\n  GROUP BY user_id\n) t\n"
                + "WHERE cnt > 5";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect changed = (SqlSelect) SqlTrees.parse(text).orElseThrow();
        changed.setHints(SqlNodeList.EMPTY);
        Blocks.addHint(blockReading(changed, "orders"), Blocks.stateTtl(List.of("orders"), "1 h"));

        assertThat(Splicer.splice(text, original, changed)).isEqualTo(
                "SELECT user_id, cnt\n"
                + "FROM (\n  SELECT /*+ STATE_TTL('orders' = '1 h') */ user_id, COUNT(*) AS cnt\n"
                + "  FROM orders /* every order */\n  GROUP BY user_id\n) t\n"
                + "WHERE cnt > 5");
    }

    @Test
    void whereClauseCutIsCutFromItsKeywordToItsClosingParenthesisAndTheCommentsStay() {
        String text = "SELECT *\nFROM (\n  SELECT user_id, total\n  FROM totals -- one row per user\n)\nWHERE (total > 0)";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect changed = (SqlSelect) SqlTrees.parse(text).orElseThrow();
        changed.setWhere(null);

        assertThat(Splicer.splice(text, original, changed))
                .isEqualTo("SELECT *\nFROM (\n  SELECT user_id, total\n  FROM totals -- one row per user\n)");
    }

    @Test
    void optionsHintsTakenOffTheTablesAndAStateTtlHintAddedKeepTheJoinsLayout() {
        String text = "SELECT o.order_id, o.amount, p.paid\n"
                + "FROM orders /*+ OPTIONS('table.exec.state.ttl' = '12 h') */ o\n"
                + "JOIN payments /*+ OPTIONS('table.exec.state.ttl' = '2 d') */ p\n"
                + "  ON o.order_id = p.order_id";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect changed = (SqlSelect) SqlTrees.parse(
                "SELECT o.order_id, o.amount, p.paid FROM orders o JOIN payments p ON o.order_id = p.order_id").orElseThrow();
        Blocks.addHint(changed, Blocks.stateTtl(List.of("o", "p"), "12 h"));

        assertThat(Splicer.splice(text, original, changed)).isEqualTo(
                "SELECT /*+ STATE_TTL('o' = '12 h', 'p' = '12 h') */ o.order_id, o.amount, p.paid\n"
                + "FROM orders o\n"
                + "JOIN payments p\n"
                + "  ON o.order_id = p.order_id");
    }

    @Test
    void lateralTopNWrittenAsARowNumberTopNKeepsTheOuterLinesAndTheSubquerysLayoutAndCase() {
        // LateralTopN: the left side and LATERAL cut, the subquery's WHERE and ORDER BY ... LIMIT cut, its
        // select list extended where it stands, WHERE rn <= 3 on a line of its own after the FROM clause.
        String text = "WITH counts AS (\n  SELECT shop, product, COUNT(*) AS sold FROM sales GROUP BY shop, product\n)\n"
                + "SELECT s.shop, t.product, t.sold -- the best three\n"
                + "FROM (SELECT DISTINCT shop FROM counts) s,\n"
                + "     lateral (\n"
                + "       select product, sold from counts\n"
                + "       where counts.shop = s.shop\n"
                + "       order by sold desc\n"
                + "       limit 3\n"
                + "     ) t";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlNode changed = LateralTopN.asRowNumber(SqlTrees.parse(text).orElseThrow()).orElseThrow().tree();

        assertThat(Splicer.splice(text, original, changed)).isEqualTo(
                "WITH counts AS (\n  SELECT shop, product, COUNT(*) AS sold FROM sales GROUP BY shop, product\n)\n"
                + "SELECT t.shop, t.product, t.sold -- the best three\n"
                + "FROM (\n"
                + "       select shop, product, sold, ROW_NUMBER() OVER (PARTITION BY shop ORDER BY sold DESC) AS rn"
                + " from counts\n"
                + "     ) t\n"
                + "WHERE rn <= 3");
    }

    @Test
    void lateralTopNWithAnotherConditionKeepsItAsWrittenAndWritesWhatItAddsInLowerCaseAsTheStatementIs() {
        String text = "select s.shop, t.product\n"
                + "from (select distinct shop from counts) as s, lateral (select product from counts\n"
                + "  where counts.shop = s.shop and sold > 0 /* sold only */ order by sold desc limit 2) as t";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlNode changed = LateralTopN.asRowNumber(SqlTrees.parse(text).orElseThrow()).orElseThrow().tree();

        assertThat(Splicer.splice(text, original, changed)).isEqualTo(
                "select t.shop, t.product\n"
                + "from (select shop, product, row_number() over (partition by shop order by sold desc) as rn from counts\n"
                + "  where sold > 0 /* sold only */) as t\n"
                + "where rn <= 2");
    }

    @Test
    void aStatementWithAKeywordInUpperCaseGetsWhatIsAddedAsCalciteWritesIt() {
        // COUNT is a keyword to Flink's tokenizer: the statement is not "all lower case", and the condition is
        // written as Calcite writes it (its WHERE takes the case of the FROM before it, ClauseChanges).
        String text = "select page, COUNT(*) as cnt from page_views group by page";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect changed = (SqlSelect) SqlTrees.parse(text).orElseThrow();
        changed.setWhere(Snippets.select("SELECT 1 FROM t WHERE page IS NOT NULL").getWhere());

        assertThat(Splicer.splice(text, original, changed))
                .isEqualTo("select page, COUNT(*) as cnt from page_views where page IS NOT NULL group by page");
    }

    @Test
    void aStateTtlHintAddedToAStatementInLowerCaseIsWrittenInLowerCase() {
        // Flink reads a STATE_TTL hint's name case aside (StateTtlHint#isStateTtlHint): state_ttl is the same hint.
        String text = "select o.order_id, p.paid\nfrom orders o\njoin payments p on o.order_id = p.order_id";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect changed = (SqlSelect) SqlTrees.parse(text).orElseThrow();
        Blocks.addHint(changed, Blocks.stateTtl(java.util.List.of("o", "p"), "1 d"));

        assertThat(Splicer.splice(text, original, changed)).isEqualTo(
                "select /*+ state_ttl('o' = '1 d', 'p' = '1 d') */ o.order_id, p.paid\nfrom orders o\n"
                        + "join payments p on o.order_id = p.order_id");
    }

    @Test
    void aStateTtlHintAddedToAStatementInUpperCaseIsWrittenInUpperCase() {
        String text = "SELECT o.order_id, p.paid\nFROM orders o\nJOIN payments p ON o.order_id = p.order_id";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect changed = (SqlSelect) SqlTrees.parse(text).orElseThrow();
        Blocks.addHint(changed, Blocks.stateTtl(java.util.List.of("o", "p"), "1 d"));

        assertThat(Splicer.splice(text, original, changed)).startsWith("SELECT /*+ STATE_TTL('o' = '1 d', 'p' = '1 d') */ o.order_id");
    }

    @Test
    void aColumnNamedLikeAKeywordInUpperCaseIsNotLowered() {
        // STATE is a non-reserved keyword and here a column of the table, read case-sensitively: kept as written.
        String text = "select page from page_views";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect changed = (SqlSelect) SqlTrees.parse(text).orElseThrow();
        changed.setWhere(Snippets.select("SELECT 1 FROM t WHERE STATE IS NOT NULL").getWhere());

        String spliced = Splicer.splice(text, original, changed);
        assertThat(SqlTrees.parse(spliced).map(SqlTrees::unparse)).contains(SqlTrees.unparse(changed));
        assertThat(spliced).contains("STATE");
    }

    @Test
    void firstRowPerKeyAsAGroupByKeepsTheLinesTheTableAndItsConditionAsWritten() {
        // last-value: the Top-1 block becomes a GROUP BY of what the ranking read (its FROM and WHERE moved as trees).
        String text = "SELECT order_id, status\n"
                + "FROM (\n"
                + "  SELECT *, ROW_NUMBER() OVER (PARTITION BY order_id ORDER BY updated_at DESC) AS rn\n"
                + "  FROM Order_Status -- every change\n"
                + "  WHERE (status <> 'void')\n"
                + ")\n"
                + "WHERE rn = 1";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect outer = (SqlSelect) SqlTrees.parse(text).orElseThrow();
        SqlSelect rank = (SqlSelect) outer.getFrom();
        SqlSelect grouped = Snippets.select("SELECT order_id, LAST_VALUE(status) AS status FROM t GROUP BY order_id");
        grouped.setFrom(rank.getFrom());
        grouped.setWhere(rank.getWhere());

        assertThat(Splicer.splice(text, original, grouped)).isEqualTo(
                "SELECT order_id, LAST_VALUE(status) AS status\n"
                + "FROM Order_Status\n"
                + "WHERE (status <> 'void')\n"
                + "GROUP BY order_id");
    }

    @Test
    void firstRowPerKeyOfATableWithoutConditionPutsTheGroupByWhereTheWhereWasCut() {
        String text = "select order_id, status\n  from (\n    select order_id, status, row_number() over (\n"
                + "      partition by order_id order by updated_at asc) as rn\n    from order_status\n  ) where rn = 1";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect outer = (SqlSelect) SqlTrees.parse(text).orElseThrow();
        SqlSelect grouped = Snippets.select("SELECT order_id, FIRST_VALUE(status) AS status FROM t GROUP BY order_id");
        grouped.setFrom(((SqlSelect) outer.getFrom()).getFrom());

        assertThat(Splicer.splice(text, original, grouped)).isEqualTo(
                "select order_id, first_value(status) as status\n  from order_status\n  group by order_id");
    }

    @Test
    void groupByTakenOffIsCutFromItsKeywordToItsLastKeyAndTheCommentsStay() {
        String text = "SELECT DISTINCT user_id\nFROM clicks -- all of them\nGROUP BY\n  user_id";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect changed = (SqlSelect) SqlTrees.parse(text).orElseThrow();
        changed.setGroupBy(null);

        assertThat(Splicer.splice(text, original, changed)).isEqualTo("SELECT DISTINCT user_id\nFROM clicks -- all of them");
    }

    @Test
    void hintKindIsReadAsWritten() {
        // Guards the test above against a parser that reads OPTIONS as something else than a table hint.
        SqlSelect select = (SqlSelect) SqlTrees.parse("SELECT * FROM orders /*+ OPTIONS('k' = 'v') */").orElseThrow();
        assertThat(select.getFrom().getKind()).isEqualTo(SqlKind.TABLE_REF);
        SqlNodeList hints = ((SqlCall) select.getFrom()).operand(1);
        assertThat(((SqlHint) hints.get(0)).getName()).isEqualTo("OPTIONS");
    }

    /**
     * Two changes in one block, each placed at its own node: a hint's values given their unit and the
     * hinted tables read through subqueries (the 1.20 form of shared case 25's fix). Before, a change
     * that could not be placed at its own node lifted every other change with it, and the block was
     * written anew on one line.
     */
    @Test
    void hintValuesAndTablesChangedInOneBlockEachKeepTheirPlaceAndTheLayout() {
        String text = "-- clicks with the region of their user\nSELECT /*+ STATE_TTL('c' = '12', 'u' = '12') */\n"
                + "       c.user_id,\n       u.region,\n       c.url\nFROM clicks AS c\nINNER JOIN users AS u\n"
                + "  ON c.user_id = u.user_id";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlSelect changed = (SqlSelect) SqlTrees.parse(text).orElseThrow();
        SqlNodeList options = (SqlNodeList) ((SqlHint) changed.getHints().get(0)).getOperandList().get(1);
        options.set(1, SqlLiteral.createCharString("12 h", SqlParserPos.ZERO));
        options.set(3, SqlLiteral.createCharString("12 h", SqlParserPos.ZERO));
        org.apache.calcite.sql.SqlJoin join = (org.apache.calcite.sql.SqlJoin) changed.getFrom();
        for (SqlNode side : List.of(join.getLeft(), join.getRight())) {
            SqlSelect read = Snippets.select("SELECT * FROM t");
            read.setFrom(((SqlCall) side).operand(0));
            ((SqlCall) side).setOperand(0, read);
        }

        assertThat(Splicer.splice(text, original, changed)).isEqualTo("-- clicks with the region of their user\n"
                + "SELECT /*+ STATE_TTL('c' = '12 h', 'u' = '12 h') */\n       c.user_id,\n       u.region,\n       c.url\n"
                + "FROM (SELECT * FROM clicks) AS c\nINNER JOIN (SELECT * FROM users) AS u\n  ON c.user_id = u.user_id");
    }
    /**
     * state-ttl-hint on a {@code UNION ALL} whose SELECTs each pin a side (case 886 with a {@code 'c' = '12 h'} the
     * rewrite drops): a key cut from one SELECT's hint and its other value changed. Before, the cut keys overlapped as
     * list edits, no level up to the block read back, and the whole set operation was written anew on Calcite's lines.
     */
    @Test
    void keyCutFromTheHintOfOneSelectOfAUnionAllKeepsTheRestAsWritten() {
        String text = "SELECT /*+ STATE_TTL('o' = '0', 'c' = '12 h') */ o.order_id, c.country, o.amount AS sold\n"
                + "FROM orders o\n"
                + "JOIN customers c ON o.customer_id = c.customer_id\n"
                + "WHERE o.amount >= 0\n"
                + "UNION ALL\n"
                + "SELECT /*+ STATE_TTL('o' = '0') */ o.order_id, c.country, -o.amount\n"
                + "FROM orders o\n"
                + "JOIN customers c ON o.customer_id = c.customer_id\n"
                + "WHERE o.amount < 0";
        SqlNode original = SqlTrees.parse(text).orElseThrow();
        SqlNode changed = SqlTrees.parse(text).orElseThrow();
        List<SqlSelect> selects = Trees.selects(changed);
        for (SqlSelect select : selects) {
            SqlNodeList options = (SqlNodeList) ((SqlHint) select.getHints().get(0)).getOperandList().get(1);
            while (options.size() > 2) {
                options.remove(options.size() - 1);
            }
            options.set(1, SqlLiteral.createCharString("1 d", SqlParserPos.ZERO));
        }

        assertThat(Splicer.splice(text, original, changed)).isEqualTo(text
                .replace("STATE_TTL('o' = '0', 'c' = '12 h')", "STATE_TTL('o' = '1 d')")
                .replace("STATE_TTL('o' = '0')", "STATE_TTL('o' = '1 d')"));
    }
}
