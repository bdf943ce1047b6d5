-- The low-stock mark (products.low_stock_mailed_at, 0023) shows nowhere: its update touches that
-- product alone, like its weight and ratings. The trigger counts the table's columns (a column added
-- later touches every page until it is named here): 14 now.
DROP TRIGGER `catalogue_version_products_update`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_products_update` AFTER UPDATE ON `products` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id)
	SELECT version, CASE
		WHEN old.seq IS new.seq AND old.id IS new.id AND old.name IS new.name AND old.description IS new.description
			AND old.price_cents IS new.price_cents AND old.category IS new.category AND old.seller IS new.seller
			AND old.stock IS new.stock AND old.created_at IS new.created_at
			AND (SELECT count(*) FROM pragma_table_info('products')) = 14
		THEN new.id
	END
	FROM catalogue_version;
END;
