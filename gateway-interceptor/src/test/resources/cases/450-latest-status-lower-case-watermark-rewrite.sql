-- expect: BLOCK unbounded-rank dedup-not-recognized
-- Own case 449's latest status per id, written all in lower case: the watermark the rewrite declares before the
-- statement (alter table ... add watermark) is written in lower case too, as the statement's own keywords are.
create table statuses (
  id string,
  status string,
  version bigint,
  updated timestamp(3)
) with ('connector' = 'datagen');

select id, status, version from (
  select *, row_number() over (partition by id order by updated desc) as rn from statuses
) where rn = 1;
