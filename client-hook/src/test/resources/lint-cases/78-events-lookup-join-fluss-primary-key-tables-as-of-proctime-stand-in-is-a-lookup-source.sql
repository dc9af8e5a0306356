-- expect: OK
-- Events enriched by a lookup join of two Fluss primary-key tables FOR SYSTEM_TIME AS OF the events' processing time,
-- the second keyed by a column of the first (the shape of Fluss's Flink quickstart, read in round 71). Fluss's table
-- source is a lookup source (org.apache.fluss.flink.source.FlinkTableSource implements LookupTableSource), so Flink
-- plans two stateless LookupJoins. Before: lint's stand-in for 'fluss' was a scan source only, and the guard said
-- BLOCK temporal-join-not-versioned ("Processing-time temporal join is not supported yet", "fluss's connector is not
-- one"), where the real connector plans it. Paimon's table source is one too (BaseDataTableSource), and its stand-in
-- now as well.
CREATE TEMPORARY TABLE page_events (
    event_id BIGINT,
    account_id INT,
    page STRING,
    proc_time AS PROCTIME()
) WITH ('connector' = 'datagen');

CREATE TABLE accounts (
    account_id INT NOT NULL,
    account_name STRING,
    region_id INT NOT NULL,
    PRIMARY KEY (account_id) NOT ENFORCED
) WITH ('connector' = 'fluss', 'bootstrap.servers' = 'coordinator-server:9123');

CREATE TABLE regions (
    region_id INT NOT NULL,
    region_name STRING,
    PRIMARY KEY (region_id) NOT ENFORCED
) WITH ('connector' = 'fluss', 'bootstrap.servers' = 'coordinator-server:9123');

CREATE TABLE enriched_events (
    event_id BIGINT,
    page STRING,
    account_name STRING,
    region_name STRING,
    PRIMARY KEY (event_id) NOT ENFORCED
) WITH ('connector' = 'fluss', 'bootstrap.servers' = 'coordinator-server:9123');

INSERT INTO enriched_events
SELECT e.event_id, e.page, a.account_name, r.region_name
FROM page_events AS e
LEFT JOIN accounts FOR SYSTEM_TIME AS OF e.proc_time AS a
    ON e.account_id = a.account_id
LEFT JOIN regions FOR SYSTEM_TIME AS OF e.proc_time AS r
    ON a.region_id = r.region_id;
