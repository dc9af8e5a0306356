package io.github.sqlguard.flink;

import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.util.StringUtils;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.file.Path;

/**
 * Round 55's new user's Top-N (the best five products per category, into a blackhole) and a savepoint of its
 * job crafted in place of a real one: its metadata holds state under the operator id Flink 2.3 gives the
 * statement's {@code Rank} (the id the new user's real savepoint named), so a session that restores it judges
 * the statement as a restore without a cluster.
 */
public final class TopNSavepoint {

    public static final String SALES = "CREATE TABLE sales (sale_id BIGINT, category STRING, product STRING,"
            + " price DECIMAL(10, 2), ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND)"
            + " WITH ('connector' = 'datagen')";
    public static final String SINK = "CREATE TABLE top_products (category STRING, product STRING, price DECIMAL(10, 2),"
            + " rn BIGINT) WITH ('connector' = 'blackhole')";
    public static final String TOP_N = "INSERT INTO top_products SELECT category, product, price, rn FROM ("
            + " SELECT category, product, price, ROW_NUMBER() OVER (PARTITION BY category ORDER BY price DESC) AS rn"
            + " FROM sales) WHERE rn <= 5";

    /** The operator id Flink 2.3 gives {@link #TOP_N}'s {@code Rank}. */
    public static final String RANK = "c27dcf7b54ef6bfd6cff02ca8870b681";

    private TopNSavepoint() {}

    /** A savepoint directory under {@code dir} whose metadata holds state of {@link #RANK} only. */
    public static Path withRankState(Path dir) throws Exception {
        ByteArrayOutputStream metadata = new ByteArrayOutputStream();
        Checkpoints.storeCheckpointMetadata(
                CraftedMetadata.oneOperator(new OperatorID(StringUtils.hexStringToByte(RANK))), new DataOutputStream(metadata));
        return CraftedMetadata.savepoint(dir.resolve("savepoint-top-n"), metadata.toByteArray());
    }
}
