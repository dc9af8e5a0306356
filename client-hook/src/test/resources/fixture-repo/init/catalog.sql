-- The jobs' catalog and functions, as the cluster's sql-client.sh -i init.sql sets them up.
CREATE CATALOG shop WITH ('type' = 'generic_in_memory');
CREATE DATABASE shop.sales;
USE CATALOG shop;
USE sales;

-- From lib/udfs.jar.
CREATE FUNCTION shout AS 'com.example.udf.Shout';
