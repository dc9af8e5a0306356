package io.github.sqlguard.rules.limits;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The key shapes of class and location options, and how their values are taken apart. */
class OptionShapesTest {

    @Test
    void classKeysAreReadByTheirLastSegment() {
        assertThat(OptionShapes.tableClass("sink.partition-commit.policy.class")).isTrue();
        assertThat(OptionShapes.tableClass("properties.interceptor.classes")).isTrue();
        assertThat(OptionShapes.tableClass("properties.value.deserializer")).isTrue();
        assertThat(OptionShapes.tableClass("protobuf.message-class-name")).isTrue();
        assertThat(OptionShapes.tableClass("driver")).isTrue();
        assertThat(OptionShapes.tableClass("sink.partition-commit.policy.class.parameters")).isFalse();
        assertThat(OptionShapes.tableClass("format")).isFalse();
        assertThat(OptionShapes.configClass("state.backend.type")).isTrue();
        assertThat(OptionShapes.configClass("table.exec.state.ttl")).isFalse();
        assertThat(OptionShapes.configClass("execution.job-listeners")).isTrue();
        assertThat(OptionShapes.configClass("execution.job-status-changed-listeners")).isTrue();
        assertThat(OptionShapes.configClass("high-availability.type")).isTrue();
    }

    @Test
    void aKeysLastSegmentIsWhatSplittingItAtDotsAndDashesEndsWith() {
        for (String key : new String[] {
                "", " ", ".", "-", "...", "a", " A ", "a.b", "a-b", "a.b.", "a.b-", "a..b", ".a", "-a.-", "sink.Partition-Commit.Policy.CLASS",
                "x.y-z.", "  state.backend.type  ", "İ.Iİ", "a.b\t", "\u00e9t\u00e9.Cl\u00e9"}) {
            String[] segments = key.strip().toLowerCase(java.util.Locale.ROOT).split("[.-]");
            assertThat(OptionShapes.lastSegment(key)).as(key)
                    .isEqualTo(segments.length == 0 ? "" : segments[segments.length - 1]);
        }
    }

    @Test
    void valuesNameTheClassesTheirReadersLoad() {
        assertThat(OptionShapes.tableClasses("properties.sasl.jaas.config",
                "a.LoginA required user=\"u\"; b.LoginB optional;")).containsExactly("a.LoginA", "b.LoginB");
        assertThat(OptionShapes.tableClasses("sink.partitioner", "round-robin")).isEmpty();
        assertThat(OptionShapes.tableClasses("sink.partitioner", "com.evil.P")).containsExactly("com.evil.P");
        assertThat(OptionShapes.tableClasses("properties.interceptor.classes", "a.X, b.Y")).containsExactly("a.X", "b.Y");
        assertThat(OptionShapes.configClasses("state.backend.type", "RocksDB")).isEmpty();
        assertThat(OptionShapes.configClasses("state.backend.type", "com.evil.F")).containsExactly("com.evil.F");
        assertThat(OptionShapes.configClasses("execution.job-listeners", "com.acme.udf.A;'com.evil.B'"))
                .containsExactly("com.acme.udf.A", "com.evil.B");
        assertThat(OptionShapes.configClasses("high-availability.type", "ZooKeeper")).isEmpty();
        assertThat(OptionShapes.configClasses("pipeline.serialization-config", "[a.b.X: {type: kryo, kryo-type: default}]"))
                .containsExactly("a.b.X");
    }

    @Test
    void locationValuesAreReadAsLists() {
        assertThat(OptionShapes.location("execution.checkpointing.savepoint-dir")).isTrue();
        assertThat(OptionShapes.location("state.backend.rocksdb.localdir")).isTrue();
        assertThat(OptionShapes.location("properties.ssl.truststore.location")).isTrue();
        assertThat(OptionShapes.location("sink.partition-commit.success-file.name")).isFalse();
        assertThat(OptionShapes.locations("state.backend.rocksdb.localdir", "/a:/b,/c;file:///d"))
                .containsExactly("/a", "/b", "/c", "file:///d");
        assertThat(OptionShapes.fileName("sink.partition-commit.success-file.name")).isTrue();
        assertThat(OptionShapes.plainName("_SUCCESS")).isTrue();
        assertThat(OptionShapes.plainName("../../conf/config.yaml")).isFalse();
        assertThat(OptionShapes.plainName("..")).isFalse();
        assertThat(OptionShapes.pythonCode("python.archives", "/a/venv.zip#venv,/b/x.zip"))
                .containsExactly("/a/venv.zip", "/b/x.zip");
    }

    @Test
    void theConfigurationDirectoryFlinksSqlClientSendsIsNoLocationAStatementWrites() {
        // The stock SQL Client opens every session with it (FlinkInstallationIT#theStockSqlClientShowsTheBlock).
        assertThat(OptionShapes.location("$internal.deployment.config-dir")).isFalse();
        assertThat(OptionShapes.location("execution.checkpointing.dir")).isTrue();
    }
}
