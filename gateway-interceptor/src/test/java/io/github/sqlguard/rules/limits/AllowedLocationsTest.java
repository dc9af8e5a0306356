package io.github.sqlguard.rules.limits;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

/** The one matcher of jar locations and table paths: Flink's {@code Path} normalisation, prefixes at '/' boundaries. */
class AllowedLocationsTest {

    private final AllowedLocations data = AllowedLocations.of(List.of("/data", "hdfs://namenode:8020/jars/"));

    @Test
    void readsPlainAbsolutePathsAndFileUrisAsOneLocation() {
        assertThat(Location.of("/data/a.jar")).isEqualTo(Location.of("file:/data/a.jar"));
        assertThat(Location.of("file:///data/a.jar")).isEqualTo(Location.of("/data/a.jar"));
        assertThat(Location.of("/data/")).isEqualTo(Location.of("/data"));
        assertThat(Location.of("/data//x///y.jar")).isEqualTo(Location.of("/data/x/y.jar"));
        assertThat(Location.of("FILE:/data")).isEqualTo(Location.of("/data"));
        assertThat(Location.of("/data/./x")).isEqualTo(Location.of("/data/x"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/data", "/data/", "/data/a.jar", "file:/data/x/y", "file:///data/x/", "/data/./x",
            "/data/x/../y", "hdfs://namenode:8020/jars/team/b.jar", "hdfs://namenode:8020/jars"})
    void allowsWhatLiesUnderAnEntry(String location) {
        assertThat(data.allows(location)).as(location).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/database", "/data-other/a.jar", "/data/../etc/passwd", "/data/x/../../etc", "file:/etc/passwd",
            "/", "data/a.jar", "./data/a.jar", "../data/a.jar", "/../data/a.jar", "hdfs://other:8020/jars/a.jar",
            "hdfs:///jars/a.jar", "s3://namenode:8020/jars/a.jar", "hdfs://namenode:8020/jarsx/a.jar", "", " "})
    void refusesWhatLeavesOrMissesEveryEntry(String location) {
        assertThat(data.allows(location)).as(location).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u3000/data/a.jar", "\u2028/data/a.jar", "\u2003/data/a.jar", "\t/data/a.jar", " /data/a.jar",
            "\u00a0/data/a.jar"})
    void aSpaceBeforeALocationMakesItRelativeAsFlinksPathReadsIt(String location) {
        assertThat(new org.apache.flink.core.fs.Path(location).isAbsolute()).as("Flink's Path").isFalse();
        assertThat(Location.of(location)).isEmpty();
        assertThat(data.allows(location)).isFalse();
    }

    @Test
    void readsBackslashesAsFlinksPathDoes() {
        assertThat(data.allows("/data\\a.jar")).isTrue();
        assertThat(data.allows("/data\\..\\etc\\passwd")).isFalse();
    }

    @Test
    void anEmptyListIsNoLimit() {
        AllowedLocations none = AllowedLocations.of(List.of());
        assertThat(none.unlimited()).isTrue();
        assertThat(none.allows("/etc/passwd")).isTrue();
        assertThat(none.allows("relative.jar")).isTrue();
    }

    @Test
    void theRootAllowsEveryAbsoluteLocalPathButNoRelativeOne() {
        AllowedLocations root = AllowedLocations.of(List.of("/"));
        assertThat(root.allows("/etc/passwd")).isTrue();
        assertThat(root.allows("passwd")).isFalse();
        assertThat(root.allows("hdfs://nn/etc")).isFalse();
    }

    @Test
    void theStricterOfTwoListsIsTheNonEmptyOneOrTheEntriesBothHave() {
        var stricter = AllowList.strictness();
        assertThat(stricter.stricter(List.of(), List.of("/data"))).containsExactly("/data");
        assertThat(stricter.stricter(List.of("/data"), List.of())).containsExactly("/data");
        assertThat(stricter.stricter(List.of("/data", "/opt"), List.of("/opt"))).containsExactly("/opt");
        assertThat(stricter.stricter(List.of(), List.of())).isEmpty();
    }

    @Test
    void isNoLocationWhenRelativeOrAboveTheRoot() {
        assertThat(Location.of("udf.jar")).isEmpty();
        assertThat(Location.of("/../etc")).isEmpty();
        assertThat(Location.of("/..")).isEmpty();
        assertThat(Location.of(null)).isEmpty();
    }
}
