select *
from foo
where bar = '不以物喜，不以己悲'