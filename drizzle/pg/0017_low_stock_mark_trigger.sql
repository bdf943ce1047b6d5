-- The low-stock mark (products.low_stock_mailed_at, 0016) shows nowhere: an update of it touches
-- that product alone, like its ratings.
CREATE OR REPLACE FUNCTION "catalogue_products_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_changes (version, product_id)
	VALUES (catalogue_version_of_transaction(), CASE
		WHEN TG_OP = 'UPDATE'
			AND to_jsonb(OLD) - '{ratings,num_of_reviews,updated_at,search,low_stock_mailed_at}'::text[]
				= to_jsonb(NEW) - '{ratings,num_of_reviews,updated_at,search,low_stock_mailed_at}'::text[]
		THEN NEW.id
	END);
	RETURN NULL;
END
$$;
