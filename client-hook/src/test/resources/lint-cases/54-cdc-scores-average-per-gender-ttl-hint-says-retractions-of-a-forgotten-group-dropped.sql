-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- xinzhuxiansheng/flink-tutorial's Demo14_MysqlCdcConnector (flink-doit30): the average score per gender over a
-- mysql-cdc table. Under the hint's TTL a gender idle for a day is forgotten; the table's later changes then reach it
-- as retractions Flink drops (no accumulator) and inserts it counts from zero, so the average leaves out for good the
-- rows that do not change again. The changes: line said "an idle key's result is forgotten and starts anew", as over
-- inserts. Golden lint-54.
CREATE TABLE flink_score (
      id INT,
      name string,
      gender string,
      score double,
     PRIMARY KEY(id) NOT ENFORCED
     ) WITH (
     'connector' = 'mysql-cdc',
     'hostname' = 'doitedu',
     'port' = '3306',
     'username' = 'root',
     'password' = 'root',
     'database-name' = 'flinktest',
     'table-name' = 'score'
);

select  gender,avg(score) as avg_score  from  flink_score group by gender;
