-- Full-text index over the catalogue: accent- and case-insensitive, kept in step by triggers.
CREATE VIRTUAL TABLE `products_fts` USING fts5(
	name, description, category, seller,
	content='products', content_rowid='seq',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_insert` AFTER INSERT ON `products` BEGIN
	INSERT INTO products_fts(rowid, name, description, category, seller)
	VALUES (new.seq, new.name, new.description, new.category, new.seller);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_delete` AFTER DELETE ON `products` BEGIN
	INSERT INTO products_fts(products_fts, rowid, name, description, category, seller)
	VALUES ('delete', old.seq, old.name, old.description, old.category, old.seller);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_update` AFTER UPDATE OF name, description, category, seller ON `products` BEGIN
	INSERT INTO products_fts(products_fts, rowid, name, description, category, seller)
	VALUES ('delete', old.seq, old.name, old.description, old.category, old.seller);
	INSERT INTO products_fts(rowid, name, description, category, seller)
	VALUES (new.seq, new.name, new.description, new.category, new.seller);
END;
--> statement-breakpoint
-- Relevance: a hit in the name weighs most, then category, seller, description.
INSERT INTO products_fts(products_fts, rank) VALUES ('rank', 'bm25(10.0, 1.0, 4.0, 2.0)');
--> statement-breakpoint
INSERT INTO products_fts(products_fts) VALUES ('rebuild');
