insert into foo values (1); -- Песня про надежду
