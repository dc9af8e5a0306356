-- A catalog type lint does not have: still missing-dependency with stand-in connectors.
CREATE CATALOG lake WITH ('type' = 'paimon', 'warehouse' = 'file:///tmp/lake');
